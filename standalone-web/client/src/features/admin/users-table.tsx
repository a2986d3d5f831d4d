import type { AdminUserRow } from "@postwright/core/contracts";
import { Pencil } from "lucide-react";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { TableHeader } from "../../components/ui/table-header";
import { useAccountZone } from "../../lib/account-zone";
import { formatDate, planLabel, statusLabel, statusTone } from "../billing/plan-labels";

function fullName(row: AdminUserRow): string {
  return [row.firstName, row.lastName].filter(Boolean).join(" ");
}

function blogsUsed(row: AdminUserRow): string {
  return `${row.blogsUsed} / ${row.maxBlogs < 0 ? "Unlimited" : row.maxBlogs}`;
}

const columns = [
  "Email",
  "Name",
  "Plan",
  "Status",
  "Blogs Used",
  "Created",
  "Period End",
  <span key="actions" className="sr-only">
    Actions
  </span>,
];

/** Every account with its plan and this month's usage; Edit fills the update form with the row. */
export function UsersTable({ users, onEdit }: { users: AdminUserRow[]; onEdit: (user: AdminUserRow) => void }) {
  const zone = useAccountZone();
  if (users.length === 0) return <p className="p-6 text-sm text-muted-foreground">No users yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[56rem] text-left text-sm">
        <caption className="sr-only">Users</caption>
        <TableHeader
          className="border-b border-border bg-muted/50 text-xs uppercase tracking-wide text-muted-foreground"
          cellClassName="px-4 py-3"
          columns={columns}
        />
        <tbody className="divide-y divide-border">
          {users.map((row) => (
            <tr key={row.id} className="hover:bg-muted/40">
              <th scope="row" className="px-4 py-3 font-medium">
                {row.email}
              </th>
              <td className="px-4 py-3">{fullName(row) || <span className="text-muted-foreground">Not given</span>}</td>
              <td className="px-4 py-3">{planLabel(row.planName)}</td>
              <td className="px-4 py-3">
                <Badge variant={statusTone(row.status)}>{statusLabel(row.status)}</Badge>
              </td>
              <td className="px-4 py-3 tabular-nums">{blogsUsed(row)}</td>
              <td className="px-4 py-3 whitespace-nowrap">{formatDate(row.createdAt, zone)}</td>
              <td className="px-4 py-3 whitespace-nowrap">{formatDate(row.currentPeriodEnd, zone) || "None"}</td>
              <td className="px-4 py-3 text-right">
                <Button variant="ghost" size="sm" aria-label={`Edit ${row.email}`} onClick={() => onEdit(row)}>
                  <Pencil aria-hidden="true" />
                  Edit
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
