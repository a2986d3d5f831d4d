// The registration password rules of the product (specification section 5), as the shared schema enforces them
// for the API and the sign-up form alike.
import { describe, expect, it } from "vitest";
import { passwordSchema } from "../contracts/auth.ts";

const problems = (password: string) => {
  const result = passwordSchema.safeParse(password);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe("password rules", () => {
  it.each(["Passw0rd!", "aB3@xy", "Zz9$zzzzzzzz", "A longer pass phrase 9?"])("accepts %s", (password) => {
    expect(problems(password)).toEqual([]);
  });

  it("asks for 6 characters at least", () => {
    expect(problems("aB3@x")).toEqual(["Password must be at least 6 characters long"]);
  });

  it("asks for a lowercase letter", () => {
    expect(problems("ABC123!!")).toEqual(["Password must contain at least one lowercase letter"]);
  });

  it("asks for an uppercase letter", () => {
    expect(problems("abc123!!")).toEqual(["Password must contain at least one uppercase letter"]);
  });

  it("asks for a number", () => {
    expect(problems("Abcdef!!")).toEqual(["Password must contain at least one number"]);
  });

  it("asks for one of the special characters @$!%*?&, and only those count", () => {
    expect(problems("Abcdef12")).toEqual(["Password must contain at least one special character (@$!%*?&)"]);
    expect(problems("Abcdef12#")).toEqual(["Password must contain at least one special character (@$!%*?&)"]);
    for (const special of "@$!%*?&") expect(problems(`Abcdef12${special}`)).toEqual([]);
  });

  it("lists every rule a password breaks", () => {
    expect(problems("abc")).toEqual([
      "Password must be at least 6 characters long",
      "Password must contain at least one uppercase letter",
      "Password must contain at least one number",
      "Password must contain at least one special character (@$!%*?&)",
    ]);
  });
});
