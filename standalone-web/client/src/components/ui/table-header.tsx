// A data table's header row: one column header a column, each scoped to its column so a screen reader reads a
// cell with its header. A column may be left out (null) and may be aligned right (for numbers).
import type { ReactNode } from "react";

export interface TableColumn {
  label: ReactNode;
  align?: "right";
}

export function TableHeader({
  className,
  cellClassName,
  columns,
}: {
  className: string;
  /** The padding of every header cell. */
  cellClassName: string;
  columns: ReadonlyArray<TableColumn | null>;
}) {
  return (
    <thead className={className}>
      <tr>
        {columns.map((column, index) =>
          column ? (
            <th
              key={index}
              scope="col"
              className={`${cellClassName} ${column.align === "right" ? "text-right font-medium" : "font-medium"}`}
            >
              {column.label}
            </th>
          ) : null,
        )}
      </tr>
    </thead>
  );
}
