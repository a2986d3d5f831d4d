import { ShieldCheck } from "lucide-react";
import { useState, type FormEvent, type InputHTMLAttributes } from "react";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { toast } from "../../hooks/use-toast";
import { useAdminLogin } from "./use-admin";

/** Shown at /admin to anyone not signed in as the administrator. */
export function AdminLoginForm() {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const login = useAdminLogin();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim() || !password) {
      toast({ title: "Error", description: "Please enter both email and password", variant: "destructive" });
      return;
    }
    login.mutate({ email: email.trim(), password });
  }

  return (
    <div className="mx-auto w-full max-w-md px-4 py-16 sm:py-24">
      <Card>
        <CardHeader className="items-center text-center">
          <div className="mb-2 flex size-12 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
            <ShieldCheck className="size-6" aria-hidden="true" />
          </div>
          <CardTitle as="h1" className="font-display text-2xl">
            Admin Login
          </CardTitle>
          <CardDescription>Sign in with the administrator account to manage users and plans.</CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate onSubmit={submit} className="grid gap-5" aria-label="Admin login">
            <AdminField
              id="admin-email"
              label="Email"
              type="email"
              autoComplete="username"
              value={email}
              onChange={setEmail}
            />
            <AdminField
              id="admin-password"
              label="Password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={setPassword}
            />
            <Button type="submit" size="lg" className="w-full" loading={login.isPending}>
              {login.isPending ? "Signing in..." : "Sign In"}
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}

/** A labelled input whose value the form keeps in its state. */
function AdminField({
  id,
  label,
  onChange,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, "onChange"> & {
  id: string;
  label: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} {...props} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}
