import "../test/setup";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi, renderPage } from "../test/render";
import { LoginPage } from "./login";

async function logIn(email: string, password: string) {
  const user = userEvent.setup({ delay: null });
  if (email) await user.type(screen.getByLabelText("Email"), email);
  if (password) await user.type(screen.getByLabelText("Password"), password);
  await user.click(screen.getByRole("button", { name: "Sign In" }));
}

describe("LoginPage", () => {
  it("checks the fields before sending anything and focuses the first wrong one", async () => {
    const requests = fakeApi({});
    renderPage(<LoginPage />, { path: "/login" });
    await logIn("not-an-email", "");
    expect(await screen.findByText("Invalid email address")).toHaveAttribute("role", "alert");
    expect(screen.getByText("Password is required")).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveFocus();
    expect(requests.some((r) => r.path === "/api/auth/login")).toBe(false);
  });

  it("shows the server's message when the login is refused", async () => {
    fakeApi({ "POST /api/auth/login": { status: 401, body: { message: "Invalid email or password." } } });
    renderPage(<LoginPage />, { path: "/login" });
    await logIn("ada@example.com", "wrong");
    expect((await screen.findAllByText("Invalid email or password.")).length).toBeGreaterThan(0);
    expect(screen.getAllByText("Error").length).toBeGreaterThan(0);
  });

  it("sends an unverified account to the verification page", async () => {
    fakeApi({
      "POST /api/auth/login": { status: 403, body: { message: "Please verify your email before signing in." } },
    });
    renderPage(<LoginPage />, { path: "/login" });
    await logIn("Ada@Example.com", "Analytic1!");
    await waitFor(() =>
      expect(screen.getByTestId("location")).toHaveTextContent("/verify-email?email=ada%40example.com"),
    );
    expect(screen.getAllByText("Please verify your email before signing in.").length).toBeGreaterThan(0);
  });

  it("logs in, reloads the signed-in user and goes to /", async () => {
    let signedIn = false;
    const requests = fakeApi({
      "POST /api/auth/login": () => {
        signedIn = true;
        return { body: { id: 1 } };
      },
      "GET /api/auth/user": () => (signedIn ? { body: { id: 1, email: "ada@example.com" } } : { status: 401 }),
    });
    renderPage(<LoginPage />, { path: "/login" });
    await logIn("ada@example.com", "Analytic1!");
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/$/));
    expect(screen.getAllByText("Logged in successfully!").length).toBeGreaterThan(0);
    expect(requests.find((r) => r.path === "/api/auth/login")?.body).toEqual({
      email: "ada@example.com",
      password: "Analytic1!",
    });
  });
});
