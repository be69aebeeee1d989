import { describe, expect, it } from "vitest";
import { PASSWORD_MAX_LENGTH } from "./password.server";
import { newPasswordProblem, personalWords, strengthProblem } from "./password-policy.server";

const strong = "Lantern-orchard-41-quietly";

describe("password policy", () => {
  it("refuses fewer than 12 characters", () => {
    expect(strengthProblem("Vx9#pq2!Lm")).toMatch(/at least 12 characters/);
    expect(strengthProblem("a".repeat(11))).toMatch(/at least 12 characters/);
  });

  it("refuses more than the longest password accepted", () => {
    expect(strengthProblem(`${strong}-`.repeat(20).slice(0, PASSWORD_MAX_LENGTH + 1))).toMatch(/at most 256/);
  });

  it.each(["password1234", "qwertyuiop12", "Password1234!", "iloveyou1234", "letmein12345"])(
    "refuses the common password %s, saying why in plain words",
    (password) => {
      const problem = strengthProblem(password);
      expect(problem).toMatch(/common|easy to guess|keys in a row/i);
      // Plain words, never zxcvbn's keys.
      expect(problem).not.toMatch(/similarToCommon|anotherWord|straightRow/);
    },
  );

  it("refuses a whole common password of 12 characters or more", () => {
    expect(strengthProblem("baseball1234")).not.toBeNull();
    expect(strengthProblem("passwordpassword")).not.toBeNull();
  });

  it.each(["aaaaaaaaaaaa", "abcdefghijkl", "123456789012", "            "])(
    "refuses the easy pattern %j",
    (password) => {
      expect(strengthProblem(password)).not.toBeNull();
    },
  );

  it("accepts a strong password", () => {
    expect(strengthProblem(strong)).toBeNull();
    expect(strengthProblem("kx7-pwm2-qzr9-lt4")).toBeNull();
    expect(newPasswordProblem({ newPassword: strong, confirmPassword: strong, currentPassword: "old" })).toBeNull();
  });

  it("counts the person's own name and e-mail as known to a guesser", () => {
    expect(personalWords(["mary.jones@cypresslane.example", "Mary Jones"])).toEqual([
      "mary",
      "jones",
      "cypresslane",
      "example",
    ]);
    const personal = ["mary.jones@cypresslane.example", "Mary Jones", "Winter Park Psychiatry"];
    for (const password of ["MaryJones-orchard-41", "mary.jones.2025.kx7q", "WinterPark-Psychiatry-9"]) {
      expect(strengthProblem(password)).toBeNull();
      expect(strengthProblem(password, personal)).toMatch(/your name, your e-mail address or the clinic's name/);
    }
    // A short name that happens to sit inside a word is not refused for it.
    expect(strengthProblem("summary-Lantern-orchard-41", ["Mary"])).toBeNull();
  });

  it("refuses the current password again", () => {
    expect(newPasswordProblem({ newPassword: strong, confirmPassword: strong, currentPassword: strong })).toEqual({
      field: "newPassword",
      message: "Your new password must be different from the one you use now.",
    });
  });

  it("asks for the same password twice", () => {
    expect(newPasswordProblem({ newPassword: strong, confirmPassword: `${strong}!` })).toEqual({
      field: "confirmPassword",
      message: expect.stringMatching(/not the same/),
    });
  });

  it("names the new-password field for an empty or weak password", () => {
    expect(newPasswordProblem({ newPassword: "", confirmPassword: "" })?.field).toBe("newPassword");
    expect(newPasswordProblem({ newPassword: "password1234", confirmPassword: "password1234" })?.field).toBe(
      "newPassword",
    );
  });
});
