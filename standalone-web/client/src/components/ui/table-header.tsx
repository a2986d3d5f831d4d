// A data table's header row: one column header a column, each scoped to its column so a screen reader reads a
// cell with its header. A column is its label, or its label aligned right (for numbers); one may be left out (null).
import type { ReactNode } from "react";

export interface TableColumn {
  label: ReactNode;
  align?: "right";
}

function isColumn(column: ReactNode | TableColumn): column is TableColumn {
  return typeof column === "object" && column !== null && "label" in column;
}

export function TableHeader({
  className,
  cellClassName,
  columns,
}: {
  className: string;
  /** The padding of every header cell. */
  cellClassName: string;
  columns: ReadonlyArray<ReactNode | TableColumn>;
}) {
  return (
    <thead className={className}>
      <tr>
        {columns.map((column, index) => {
          if (column === null) return null;
          const { label, align } = isColumn(column) ? column : { label: column, align: undefined };
          return (
            <th
              key={index}
              scope="col"
              className={`${cellClassName} ${align === "right" ? "text-right font-medium" : "font-medium"}`}
            >
              {label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
