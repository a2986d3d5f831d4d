import "../test/setup";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi, renderPage } from "../test/render";
import { ContactPage } from "./contact";

async function fillForm(fields: Record<string, string>) {
  const user = userEvent.setup({ delay: null });
  for (const [label, value] of Object.entries(fields)) {
    await user.click(screen.getByLabelText(label, { exact: false }));
    await user.paste(value);
  }
  await user.click(screen.getByRole("button", { name: "Send Message" }));
}

const valid = {
  Name: "Ada Lovelace",
  Email: "ada@example.com",
  Company: "Analytical Engines",
  Subject: "Enterprise plan",
  Message: "We publish about three hundred posts a month.",
};

describe("ContactPage", () => {
  it("explains what each field needs", async () => {
    const requests = fakeApi({});
    renderPage(<ContactPage />, { path: "/contact" });
    await fillForm({ Name: "A", Email: "nope", Company: "B", Subject: "Hi", Message: "Too short" });
    for (const message of [
      "Name must be at least 2 characters",
      "Please enter a valid email address",
      "Company name must be at least 2 characters",
      "Subject must be at least 5 characters",
      "Message must be at least 20 characters",
    ]) {
      expect(await screen.findByText(message)).toHaveAttribute("role", "alert");
    }
    expect(screen.getByLabelText("Name")).toHaveFocus();
    expect(requests.some((r) => r.path === "/api/contact")).toBe(false);
  });

  it("sends the message, shows the server's answer and clears the form", async () => {
    const requests = fakeApi({
      "POST /api/contact": { body: { message: "Thank you for contacting us! We'll get back to you within 24 hours." } },
    });
    renderPage(<ContactPage />, { path: "/contact" });
    await fillForm(valid);
    expect(
      (await screen.findAllByText("Thank you for contacting us! We'll get back to you within 24 hours.")).length,
    ).toBeGreaterThan(0);
    expect(requests.find((r) => r.path === "/api/contact")?.body).toEqual({
      name: "Ada Lovelace",
      email: "ada@example.com",
      company: "Analytical Engines",
      subject: "Enterprise plan",
      message: "We publish about three hundred posts a month.",
    });
    await waitFor(() => expect(screen.getByLabelText("Name")).toHaveValue(""));
  });

  it("says the message was not sent when the server fails", async () => {
    fakeApi({ "POST /api/contact": { status: 500, body: { message: "Something went wrong on our side." } } });
    renderPage(<ContactPage />, { path: "/contact" });
    await fillForm(valid);
    expect(
      (await screen.findAllByText("Failed to send message. Please try again or email us directly.")).length,
    ).toBeGreaterThan(0);
    expect(screen.getByLabelText("Name")).toHaveValue("Ada Lovelace");
  });
});
