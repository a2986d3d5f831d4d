import { describe, expect, it } from "vitest";
import { accountCodeEmail } from "./account-code-email.ts";
import { accountNoticeEmail } from "./account-notice-email.ts";
import { contactMessageEmail } from "./contact-message-email.ts";
import { existingAccountEmail } from "./existing-account-email.ts";
import { verificationCodeEmail } from "./verification-code-email.ts";

describe("email templates", () => {
  it("puts the code, its lifetime and the verification link in both parts of the code email", () => {
    const mail = verificationCodeEmail({
      to: "a+b@example.com",
      firstName: "<Ada>",
      code: "042917",
      appUrl: "https://postwright.example",
      expiresInMinutes: 15,
    });
    for (const part of [mail.text, mail.html!]) {
      expect(part).toContain("042917");
      expect(part).toContain("15 minutes");
      expect(part).toContain("https://postwright.example/verify-email?email=a%2Bb%40example.com");
    }
    expect(mail.text).toContain("Hi <Ada>,");
    expect(mail.html).toContain("Hi &#60;Ada&#62;,");
    expect(mail.html).not.toContain("<Ada>");
  });

  it("tells the owner of an existing account where to sign in, without any code", () => {
    const mail = existingAccountEmail({ to: "owner@example.com", appUrl: "https://postwright.example" });
    expect(mail.text).toContain("https://postwright.example/login");
    expect(mail.text).not.toMatch(/\d{6}/);
  });

  it("forwards every contact field, escaped in HTML, with the sender as Reply-To", () => {
    const mail = contactMessageEmail({
      to: "team@example.com",
      userId: 7,
      message: {
        name: "Eve <script>",
        email: "eve@example.com",
        company: "Acme & Co",
        phone: undefined,
        subject: "Pricing question",
        message: "Line one\nLine <two>",
      },
    });
    expect(mail.replyTo).toBe("eve@example.com");
    expect(mail.subject).toBe("Contact form: Pricing question");
    expect(mail.text).toContain(
      "Company: Acme & Co\nPhone: -\nSubject: Pricing question\nAccount id: 7\n\nLine one\nLine <two>",
    );
    expect(mail.html).toContain("Eve &#60;script&#62;");
    expect(mail.html).toContain("Acme &#38; Co");
    expect(mail.html).not.toContain("<script>");
  });

  it("puts a reset code, its lifetime and the reset link carrying it in both parts of the reset email", () => {
    const mail = accountCodeEmail({
      to: "a+b@example.com",
      firstName: "<Ada>",
      code: "093817",
      purpose: "password_reset",
      appUrl: "https://postwright.example",
      expiresInMinutes: 30,
    });
    expect(mail.subject).toBe("Reset your Postwright password");
    for (const part of [mail.text, mail.html!]) {
      expect(part).toContain("093817");
      expect(part).toContain("30 minutes");
    }
    expect(mail.text).toContain("https://postwright.example/reset-password?email=a%2Bb%40example.com&code=093817");
    expect(mail.html).toContain("https://postwright.example/reset-password?email=a%2Bb%40example.com&#38;code=093817");
    expect(mail.html).not.toContain("<Ada>");
  });

  it("names the new address in the notice of an email change, and where to get help", () => {
    const mail = accountNoticeEmail({
      to: "old@example.com",
      firstName: null,
      change: "email_changed",
      newEmail: "new@example.com",
      appUrl: "https://postwright.example",
    });
    expect(mail.subject).toBe("Your Postwright email address was changed");
    expect(mail.text).toMatch(/^Hi,/);
    expect(mail.text).toContain("new@example.com");
    expect(mail.text).toContain("https://postwright.example/forgot-password");
  });
});
