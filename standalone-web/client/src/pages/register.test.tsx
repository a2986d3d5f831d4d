import "../test/setup";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi, renderPage } from "../test/render";
import { RegisterPage } from "./register";

async function submitWithPassword(password: string) {
  const user = userEvent.setup({ delay: null });
  const field = screen.getByLabelText("Password");
  await user.clear(field);
  await user.paste(password);
  await user.click(screen.getByRole("button", { name: "Create Account" }));
  return field;
}

describe("RegisterPage", () => {
  it("explains each password rule the password breaks, on the field itself", { timeout: 20_000 }, async () => {
    fakeApi({});
    renderPage(<RegisterPage />, { path: "/register" });

    const cases: [string, string][] = [
      ["Ab1!", "Password must be at least 6 characters long"],
      ["ABCDEF1!", "Password must contain at least one lowercase letter"],
      ["abcdef1!", "Password must contain at least one uppercase letter"],
      ["Abcdefg!", "Password must contain at least one number"],
      ["Abcdef12", "Password must contain at least one special character (@$!%*?&)"],
    ];
    for (const [password, message] of cases) {
      const field = await submitWithPassword(password);
      const alert = await screen.findByText(message);
      expect(alert).toHaveAttribute("role", "alert");
      expect(field).toHaveAttribute("aria-invalid", "true");
      expect(field.getAttribute("aria-describedby")).toContain(alert.id);
    }

    await submitWithPassword("Abcdef1!");
    await waitFor(() => expect(screen.getByLabelText("Password")).not.toHaveAttribute("aria-invalid"));
    expect(screen.queryByText(/^Password must/)).not.toBeInTheDocument();
  });

  it("creates the account and opens the verification page with the development code", async () => {
    const requests = fakeApi({
      "POST /api/auth/register": {
        status: 201,
        body: { email: "ada@example.com", message: "ok", developmentCode: "482913" },
      },
    });
    renderPage(<RegisterPage />, { path: "/register" });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText("First name"), "Ada");
    await user.type(screen.getByLabelText("Last name"), "Lovelace");
    await user.type(screen.getByLabelText("Email"), "  Ada@Example.com ");
    await user.type(screen.getByLabelText("Password"), "Analytic1!");
    await user.click(screen.getByRole("button", { name: "Create Account" }));

    await waitFor(() =>
      expect(screen.getByTestId("location")).toHaveTextContent("/verify-email?email=ada%40example.com&code=482913"),
    );
    expect(requests.find((r) => r.path === "/api/auth/register")?.body).toEqual({
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      password: "Analytic1!",
    });
    expect(screen.getAllByText("Registration successful!").length).toBeGreaterThan(0);
  });

  it("shows the server's reason when registration fails", async () => {
    fakeApi({
      "POST /api/auth/register": { status: 409, body: { message: "An account with this email already exists." } },
    });
    renderPage(<RegisterPage />, { path: "/register" });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText("First name"), "Ada");
    await user.type(screen.getByLabelText("Last name"), "Lovelace");
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "Analytic1!");
    await user.click(screen.getByRole("button", { name: "Create Account" }));

    expect((await screen.findAllByText("An account with this email already exists.")).length).toBeGreaterThan(0);
    expect(screen.getAllByText("Registration failed").length).toBeGreaterThan(0);
    expect(screen.getByTestId("location")).toHaveTextContent("/register");
  });
});
