import "../test/setup";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi, renderPage } from "../test/render";
import { VerifyEmailPage } from "./verify-email";

describe("VerifyEmailPage", () => {
  it("keeps only digits in the code field, at most six, and offers the one-time-code keyboard", async () => {
    fakeApi({});
    renderPage(<VerifyEmailPage />, { path: "/verify-email", at: "/verify-email?email=ada%40example.com" });
    const code = screen.getByLabelText("Verification code");
    expect(code).toHaveAttribute("inputmode", "numeric");
    expect(code).toHaveAttribute("autocomplete", "one-time-code");
    expect(code).toHaveAttribute("maxlength", "6");

    const user = userEvent.setup({ delay: null });
    await user.type(code, "4a8-2 9");
    expect(code).toHaveValue("4829");
    await user.clear(code);
    await user.click(code);
    await user.paste("Code: 12 34 56 78");
    expect(code).toHaveValue("123456");
  });

  it("shows and pre-fills the development code from the link, then verifies and goes to the dashboard", async () => {
    const requests = fakeApi({ "POST /api/auth/verify-email": { body: { message: "Email verified" } } });
    renderPage(<VerifyEmailPage />, { path: "/verify-email", at: "/verify-email?email=ada%40example.com&code=482913" });
    expect(screen.getByRole("note", { name: "Development Code" })).toHaveTextContent("482913");
    expect(screen.queryByText(/we emailed you/)).toBeNull();
    expect(screen.getByLabelText("Email")).toHaveValue("ada@example.com");
    expect(screen.getByLabelText("Verification code")).toHaveValue("482913");

    await userEvent.click(screen.getByRole("button", { name: "Verify Email" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/$/));
    expect(requests.find((r) => r.path === "/api/auth/verify-email")?.body).toEqual({
      email: "ada@example.com",
      code: "482913",
      // The account starts in this browser's zone.
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(screen.getAllByText("Email verified!").length).toBeGreaterThan(0);
  });

  it("promises an email only where the site sends one", async () => {
    fakeApi({ "GET /api/auth/verification": { body: { emailDelivered: true } } });
    renderPage(<VerifyEmailPage />, { path: "/verify-email", at: "/verify-email?email=ada%40example.com" });
    expect(await screen.findByText(/Enter the 6-digit code we emailed you/)).toHaveTextContent("ada@example.com");
  });

  it("says that no email is sent in development mode, and shows the new code there", async () => {
    fakeApi({
      "GET /api/auth/verification": { body: { emailDelivered: false } },
      "POST /api/auth/resend-verification": {
        body: {
          email: "ada@example.com",
          message:
            "Email delivery is not configured on this site: if a registration is waiting for this email, its new code is shown on this page.",
          emailDelivered: false,
          developmentCode: "135790",
        },
      },
    });
    renderPage(<VerifyEmailPage />, { path: "/verify-email", at: "/verify-email?email=ada%40example.com" });
    expect(await screen.findByText(/Email delivery is not configured on this site/)).toHaveTextContent(
      "request a new code below and it is shown here.",
    );
    expect(screen.queryByText(/we emailed you/)).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Resend code" }));
    expect(await screen.findByRole("note", { name: "Development Code" })).toHaveTextContent("135790");
    expect(screen.getByText(/Email delivery is not configured on this site \(development mode\)/)).toHaveTextContent(
      "your 6-digit code is shown below.",
    );
    expect(screen.getAllByText("New code ready").length).toBeGreaterThan(0);
  });

  it("asks for an email before resending a code", async () => {
    const requests = fakeApi({});
    renderPage(<VerifyEmailPage />, { path: "/verify-email" });
    await userEvent.click(screen.getByRole("button", { name: "Resend code" }));
    expect(screen.getAllByText("Email required").length).toBeGreaterThan(0);
    expect(screen.getAllByText("Please enter your email address first.").length).toBeGreaterThan(0);
    expect(requests.some((r) => r.path === "/api/auth/resend-verification")).toBe(false);
    expect(screen.getByLabelText("Email")).toHaveFocus();
  });

  it("resends the code and reports failures in the product's words", async () => {
    fakeApi({ "POST /api/auth/resend-verification": { status: 500, body: "" } });
    renderPage(<VerifyEmailPage />, { path: "/verify-email", at: "/verify-email?email=ada%40example.com" });
    await userEvent.click(screen.getByRole("button", { name: "Resend code" }));
    expect((await screen.findAllByText("Failed to send code")).length).toBeGreaterThan(0);
    expect(screen.getAllByText("Failed to resend verification code. Please try again.").length).toBeGreaterThan(0);
  });
});
