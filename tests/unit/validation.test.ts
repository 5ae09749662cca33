import { describe, expect, it } from "vitest";
import { z } from "zod";
import { dateRangeError } from "#app/filters/date-range.ts";
import { IMAGE_MAX_BYTES } from "#domain/constants.ts";
import { fileExtension } from "#domain/file-names.ts";
import { normalizeSignUpNicknameInput } from "#domain/nickname-input.ts";
import {
  ageSchema,
  aliasSchema,
  classifySignInIdentifier,
  collectionDescriptionSchema,
  collectionNameSchema,
  confirmPasswordRefinement,
  emailSchema,
  fileNameSchema,
  fileRenameSchema,
  imageFileSchema,
  imageLinkSchema,
  isSafeText,
  LINK_REQUIREMENTS,
  type LinkKind,
  linkError,
  MESSAGE_KEYS,
  nicknameSchema,
  optionalNicknameSchema,
  passwordClasses,
  passwordSchema,
  personNameSchema,
  preferredNameSchema,
  roleSchema,
  signInIdentifierSchema,
  signInPasswordSchema,
  teamDescriptionSchema,
  teamNameSchema,
  termsSchema,
  usernameSchema,
  withConfirmPassword,
} from "#domain/validation.ts";

/** The message keys a value gets, in order; [] when valid. */
function keysOf(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

function parsed(schema: z.ZodType, value: unknown): unknown {
  return schema.parse(value);
}

const text = (length: number, char = "a") => char.repeat(length);

describe("aliasSchema", () => {
  it.each([
    [undefined, ["aliasRequired"]],
    ["", ["aliasRequired"]],
    ["   ", ["aliasRequired"]],
    ["ab", ["aliasShort"]],
    [" ab ", ["aliasShort"]],
    ["abc", []],
    [text(30), []],
    [` ${text(30)} `, []],
    [text(31), ["aliasLong"]],
    ["a-b", []],
    ["a--b", []],
    ["team-2025", []],
    ["123", []],
    ["-abc", ["policyAlias"]],
    ["abc-", ["policyAlias"]],
    ["-ab-", ["policyAlias"]],
    ["--", ["aliasShort", "policyAlias"]],
    ["ab_c", ["policyAlias"]],
    ["ab c", ["policyAlias"]],
    ["ab.c", ["policyAlias"]],
    ["càsa", ["policyAlias"]],
    [42, ["aliasRequired"]],
  ])("%j gives %j", (value, expected) => {
    expect(keysOf(aliasSchema, value)).toEqual(expected);
  });

  it("trims and lowercases", () => {
    expect(parsed(aliasSchema, "  My-Team  ")).toBe("my-team");
    expect(parsed(aliasSchema, "ABC")).toBe("abc");
  });
});

describe.each([
  ["team", teamNameSchema],
  ["collection", collectionNameSchema],
  ["file", fileNameSchema],
] as const)("%sNameSchema", (prefix, schema) => {
  it.each([
    [undefined, [`${prefix}NameRequired`]],
    ["", [`${prefix}NameRequired`]],
    ["    ", [`${prefix}NameRequired`]],
    ["a", [`${prefix}NameShort`]],
    ["  a  ", [`${prefix}NameShort`]],
    ["ab", []],
    [text(50), []],
    [`  ${text(50)}  `, []],
    [text(51), [`${prefix}NameLong`]],
    ["Foto di famiglia: estate 2024!", []],
  ])("%j gives %j", (value, expected) => {
    expect(keysOf(schema, value)).toEqual(expected);
  });

  it("trims", () => {
    expect(parsed(schema, "  Holidays  ")).toBe("Holidays");
  });
});

describe.each([
  ["teamDescriptionSchema", teamDescriptionSchema, "teamDescriptionLong"],
  ["collectionDescriptionSchema", collectionDescriptionSchema, "collectionDescriptionLong"],
] as const)("%s", (_name, schema, longKey) => {
  it.each([undefined, "", "   "])("turns %j into undefined", (value) => {
    expect(parsed(schema, value)).toBeUndefined();
  });

  it.each([
    [text(1), []],
    [text(250), []],
    [`  ${text(250)}  `, []],
    [text(251), [longKey]],
  ])("%j gives %j", (value, expected) => {
    expect(keysOf(schema, value)).toEqual(expected);
  });

  it("trims", () => {
    expect(parsed(schema, "  Our summer  ")).toBe("Our summer");
  });
});

describe("unsafe characters in names and descriptions", () => {
  /** Every bidirectional control the rule names, and lone or swapped surrogates. */
  const BIDI_CONTROLS = [
    "\u061C",
    "\u200E",
    "\u200F",
    "\u202A",
    "\u202B",
    "\u202C",
    "\u202D",
    "\u202E",
    "\u2066",
    "\u2067",
    "\u2068",
    "\u2069",
  ];
  const LONE_SURROGATES = ["\uD800", "\uDBFF", "\uDC00", "\uDFFF", "\uDC00\uD800"];
  const UNSAFE = [...BIDI_CONTROLS, ...LONE_SURROGATES];

  const schemas = [
    ["teamNameSchema", teamNameSchema],
    ["collectionNameSchema", collectionNameSchema],
    ["fileNameSchema", fileNameSchema],
    ["nicknameSchema", nicknameSchema],
    ["optionalNicknameSchema", optionalNicknameSchema],
    ["usernameSchema", usernameSchema],
    ["personNameSchema", personNameSchema],
    ["preferredNameSchema", preferredNameSchema],
    ["teamDescriptionSchema", teamDescriptionSchema],
    ["collectionDescriptionSchema", collectionDescriptionSchema],
  ] as const;

  describe.each(schemas)("%s", (_name, schema) => {
    it.each(UNSAFE.map((char) => [char]))(
      "refuses %j anywhere, with invalidCharacters only",
      (char) => {
        for (const value of [`${char}Anna`, `An${char}na`, `Anna${char}`, `${char}${text(60)}`]) {
          expect(keysOf(schema, value), JSON.stringify(value)).toEqual(["invalidCharacters"]);
        }
      },
    );
  });

  it("refuses the classic disguise of a file's extension", () => {
    expect(keysOf(fileNameSchema, "invoice\u202Efdp.bat")).toEqual(["invalidCharacters"]);
  });

  it.each([
    ["a name in Arabic", fileNameSchema, "فاتورة ٢٠٢٤.pdf"],
    ["a name in Hebrew", collectionNameSchema, "חופשה בים"],
    ["an emoji (a surrogate pair)", teamNameSchema, "Ferie 🏖️ 2024"],
    ["a nickname in Hebrew", nicknameSchema, "שרה כהן"],
    ["a description with emoji", collectionDescriptionSchema, "Photos 📷 of the summer"],
  ])("accepts %s", (_label, schema, value) => {
    expect(keysOf(schema, value)).toEqual([]);
  });

  it("isSafeText tells the same, for callers outside a schema", () => {
    for (const char of UNSAFE) expect(isSafeText(`a${char}b`), JSON.stringify(char)).toBe(false);
    for (const value of ["", "plain.txt", "Ferie 🏖️", "فاتورة", "zero\u200Bwidth"]) {
      expect(isSafeText(value), value).toBe(true);
    }
  });

  it("leaves passwords and aliases to their own rules", () => {
    expect(keysOf(passwordSchema, "Abcdef1!\u202E")).toEqual([]);
    expect(keysOf(aliasSchema, "ab\u202Ecd")).toEqual(["policyAlias"]);
  });
});

describe("personNameSchema", () => {
  it.each([
    ["", []],
    ["   ", []],
    ["a", []],
    [text(50), []],
    [text(51), ["personNameLong"]],
    ["<b>", ["policyPersonName"]],
    ["Niccolò D’Amico", []],
  ])("%j gives %j", (value, expected) => {
    expect(keysOf(personNameSchema, value)).toEqual(expected);
  });

  it("trims, and a blank name becomes null (cleared)", () => {
    expect(parsed(personNameSchema, "  Ada  ")).toBe("Ada");
    expect(parsed(personNameSchema, "  ")).toBeNull();
  });
});

describe("nicknameSchema", () => {
  it.each([
    [undefined, ["nicknameRequired"]],
    ["", ["nicknameRequired"]],
    ["   ", ["nicknameRequired"]],
    ["a", ["nicknameShort"]],
    [" a ", ["nicknameShort"]],
    ["ab", []],
    [text(50), []],
    [text(51), ["nicknameLong"]],
    ["!", ["nicknameShort", "policyNickname"]],
  ])("%j gives %j", (value, expected) => {
    expect(keysOf(nicknameSchema, value)).toEqual(expected);
  });

  it.each([
    "José",
    "Zoë",
    "Zoe\u0308",
    "Niccolò D'Amico",
    "Niccolò D’Amico",
    "Jean-Luc",
    "J. R. R. Tolkien",
    "Agent 007",
    "Ærøskøbing",
    "Łukasz Żółć",
    "Ђорђе",
  ])("accepts %j", (value) => {
    expect(keysOf(nicknameSchema, value)).toEqual([]);
  });

  it.each(["bob@home", "bob_1", "hi!", "smile 😀", "tab\tname", "semi;colon", 'quote"d'])(
    "rejects %j with policyNickname",
    (value) => {
      expect(keysOf(nicknameSchema, value)).toEqual(["policyNickname"]);
    },
  );

  it("trims", () => {
    expect(parsed(nicknameSchema, "  Zoë  ")).toBe("Zoë");
  });
});

describe("optionalNicknameSchema", () => {
  it.each([undefined, "", "   "])("turns %j into undefined", (value) => {
    expect(parsed(optionalNicknameSchema, value)).toBeUndefined();
  });

  it("validates a given nickname like nicknameSchema", () => {
    expect(parsed(optionalNicknameSchema, " José ")).toBe("José");
    expect(keysOf(optionalNicknameSchema, "a")).toEqual(["nicknameShort"]);
    expect(keysOf(optionalNicknameSchema, text(51))).toEqual(["nicknameLong"]);
    expect(keysOf(optionalNicknameSchema, "bob@home")).toEqual(["policyNickname"]);
  });
});

describe("normalizeSignUpNicknameInput", () => {
  it.each([
    ["", ""],
    ["   ", ""],
    ["   José", "José"],
    ["José  ", "José  "],
    ["Jo sé", "Jo sé"],
    [text(30), text(30)],
    [text(31), text(30)],
    [`  ${text(40)}`, text(30)],
  ])("%j becomes %j", (raw, expected) => {
    expect(normalizeSignUpNicknameInput(raw)).toBe(expected);
  });

  it("counts characters, not UTF-16 units", () => {
    expect(normalizeSignUpNicknameInput("😀".repeat(31))).toBe("😀".repeat(30));
  });
});

describe("usernameSchema", () => {
  it.each([
    [undefined, ["usernameRequired"]],
    ["", ["usernameRequired"]],
    ["  ", ["usernameRequired"]],
    ["a", ["usernameShort"]],
    ["ab", []],
    [text(50), []],
    [text(51), ["usernameLong"]],
    ["john.doe", []],
    ["John.Doe2", []],
    ["john_doe", ["policyUsername"]],
    ["john-doe", ["policyUsername"]],
    ["john doe", ["policyUsername"]],
    ["josé", ["policyUsername"]],
    ["john@doe", ["policyUsername"]],
  ])("%j gives %j", (value, expected) => {
    expect(keysOf(usernameSchema, value)).toEqual(expected);
  });

  it("trims", () => {
    expect(parsed(usernameSchema, "  john.doe  ")).toBe("john.doe");
  });
});

describe("emailSchema", () => {
  const domain = "@example.com";

  it.each([
    [undefined, ["emailRequired"]],
    ["", ["emailRequired"]],
    ["   ", ["emailRequired"]],
    ["a@b.co", []],
    ["a@b.c", ["invalidEmail"]],
    ["a@b.it", []],
    ["a@b.museum", []],
    ["a@b", ["invalidEmail"]],
    ["a@b.c0", ["invalidEmail"]],
    ["a@b.1t", ["invalidEmail"]],
    ["first.last+tag@sub.example.com", []],
    ["o'neil@example.ie", []],
    ["plainaddress", ["invalidEmail"]],
    ["@example.com", ["invalidEmail"]],
    ["a@@example.com", ["invalidEmail"]],
    ["a b@example.com", ["invalidEmail"]],
    ["a@exa mple.com", ["invalidEmail"]],
    ["a@example..com", ["invalidEmail"]],
    ["a@-example.com", ["invalidEmail"]],
    ["a@example-.com", ["invalidEmail"]],
    [`${text(254 - domain.length)}${domain}`, []],
    [`${text(255 - domain.length)}${domain}`, ["invalidEmail"]],
  ])("%j gives %j", (value, expected) => {
    expect(keysOf(emailSchema, value)).toEqual(expected);
  });

  it("trims and lowercases", () => {
    expect(parsed(emailSchema, "  Mario.Rossi@Example.IT ")).toBe("mario.rossi@example.it");
  });
});

describe("passwordSchema", () => {
  it.each([
    [undefined, ["passwordRequired"]],
    ["", ["passwordRequired"]],
    ["        ", ["passwordRequired"]],
    ["Abcde1!", ["passwordShort"]],
    ["Abcdef1!", []],
    [`Ab1!${text(96)}`, []],
    [`Ab1!${text(97)}`, ["passwordLong"]],
    ["  Abcde1!  ", ["passwordShort"]],
    ["Abcdefg!", ["policyPassword"]],
    ["ABCDEFG1!", ["policyPassword"]],
    ["abcdefg1!", ["policyPassword"]],
    ["Abcdefg1", ["policyPassword"]],
    ["Abcd efg1", ["policyPassword"]],
    ["abc", ["passwordShort", "policyPassword"]],
    ["Èàbcdef1_", []],
    ["Passw0rd€", []],
  ])("%j gives %j", (value, expected) => {
    expect(keysOf(passwordSchema, value)).toEqual(expected);
  });

  it("trims", () => {
    expect(parsed(passwordSchema, "  Abcdef1!  ")).toBe("Abcdef1!");
  });

  it("tells which character classes a password has", () => {
    expect(passwordClasses("")).toEqual({
      digit: false,
      lowercase: false,
      uppercase: false,
      special: false,
    });
    expect(passwordClasses("aB3#")).toEqual({
      digit: true,
      lowercase: true,
      uppercase: true,
      special: true,
    });
    expect(passwordClasses("abc")).toMatchObject({ lowercase: true, uppercase: false });
  });
});

describe("signInPasswordSchema", () => {
  it.each([
    [undefined, ["passwordRequired"]],
    ["", ["passwordRequired"]],
    [text(7), ["passwordShort"]],
    [text(8), []],
    [text(100), []],
    [text(101), ["passwordLong"]],
    [`  ${text(7)}  `, ["passwordShort"]],
  ])("%j gives %j (length only, no policy)", (value, expected) => {
    expect(keysOf(signInPasswordSchema, value)).toEqual(expected);
  });

  it("trims, as new passwords are stored trimmed", () => {
    expect(parsed(signInPasswordSchema, " Abcdef1! ")).toBe("Abcdef1!");
  });
});

describe("withConfirmPassword", () => {
  const signUp = withConfirmPassword(z.object({ email: emailSchema, password: passwordSchema }));
  const good = { email: "a@b.it", password: "Abcdef1!" };

  function issuesOf(schema: z.ZodType, value: unknown) {
    const result = schema.safeParse(value);
    return result.success
      ? []
      : result.error.issues.map(({ message, path }) => ({ message, path }));
  }

  it("accepts a matching confirmation and keeps it", () => {
    expect(signUp.parse({ ...good, confirmPassword: "Abcdef1!" })).toEqual({
      ...good,
      confirmPassword: "Abcdef1!",
    });
  });

  it("compares trimmed values", () => {
    expect(issuesOf(signUp, { ...good, confirmPassword: " Abcdef1! " })).toEqual([]);
  });

  it.each([undefined, "", "   "])(
    "requires the confirmation (%j) once a password is entered",
    (confirmPassword) => {
      expect(issuesOf(signUp, { ...good, confirmPassword })).toEqual([
        { message: "confirmPasswordRequired", path: ["confirmPassword"] },
      ]);
    },
  );

  it("reports a different confirmation as passwordMatch", () => {
    expect(issuesOf(signUp, { ...good, confirmPassword: "Abcdef1?" })).toEqual([
      { message: "passwordMatch", path: ["confirmPassword"] },
    ]);
  });

  it("asks only for the password when both are empty", () => {
    expect(issuesOf(signUp, { email: "a@b.it", password: "", confirmPassword: "" })).toEqual([
      { message: "passwordRequired", path: ["password"] },
    ]);
  });

  it("reports a mismatch together with other fields' errors", () => {
    expect(issuesOf(signUp, { password: "abc", confirmPassword: "abd" })).toEqual([
      { message: "emailRequired", path: ["email"] },
      { message: "passwordShort", path: ["password"] },
      { message: "policyPassword", path: ["password"] },
      { message: "passwordMatch", path: ["confirmPassword"] },
    ]);
  });

  it("checks another password field when named", () => {
    const reset = withConfirmPassword(z.object({ newPassword: passwordSchema }), "newPassword");
    expect(issuesOf(reset, { newPassword: "Abcdef1!", confirmPassword: "Abcdef1!" })).toEqual([]);
    expect(issuesOf(reset, { newPassword: "Abcdef1!", confirmPassword: "x" })).toEqual([
      { message: "passwordMatch", path: ["confirmPassword"] },
    ]);
  });

  it("is also available as a refinement", () => {
    const schema = z
      .object({ password: z.string(), confirmPassword: z.string().optional() })
      .superRefine(confirmPasswordRefinement());
    expect(keysOf(schema, { password: "Abcdef1!" })).toEqual(["confirmPasswordRequired"]);
    expect(keysOf(schema, { password: "Abcdef1!", confirmPassword: "no" })).toEqual([
      "passwordMatch",
    ]);
    expect(keysOf(schema, { password: "", confirmPassword: "no" })).toEqual(["passwordMatch"]);
  });
});

describe("signInIdentifierSchema and classifySignInIdentifier", () => {
  it.each([
    [undefined, ["emailUsernameRequired"]],
    ["", ["emailUsernameRequired"]],
    ["   ", ["emailUsernameRequired"]],
    ["b", []],
    ["bob@example.com", []],
  ])("%j gives %j", (value, expected) => {
    expect(keysOf(signInIdentifierSchema, value)).toEqual(expected);
  });

  it("trims", () => {
    expect(parsed(signInIdentifierSchema, "  bob ")).toBe("bob");
  });

  it.each([
    ["Bob@Example.com", { email: "bob@example.com" }],
    ["  bob@example.it ", { email: "bob@example.it" }],
    ["bob", { username: "bob" }],
    [" John.Doe ", { username: "John.Doe" }],
    ["bob@localhost", { username: "bob@localhost" }],
    ["bob@example.c", { username: "bob@example.c" }],
  ])("%j is sent as %j", (value, expected) => {
    expect(classifySignInIdentifier(value)).toEqual(expected);
  });
});

describe("preferredNameSchema", () => {
  it.each([
    [undefined, ["preferredNameRequired"]],
    ["", ["preferredNameRequired"]],
    ["  ", ["preferredNameRequired"]],
    ["a", []],
    [text(30), []],
    [` ${text(30)} `, []],
    [text(31), ["preferredNameLong"]],
  ])("%j gives %j", (value, expected) => {
    expect(keysOf(preferredNameSchema, value)).toEqual(expected);
  });

  it("trims", () => {
    expect(parsed(preferredNameSchema, " Zoë ")).toBe("Zoë");
  });
});

describe("roleSchema", () => {
  it.each(["admin", "uploader", "viewer", "upviewer"])("accepts %s", (role) => {
    expect(parsed(roleSchema, role)).toBe(role);
  });

  it.each([undefined, "", "owner", "Admin", "guest"])("rejects %j with roleRequired", (role) => {
    expect(keysOf(roleSchema, role)).toEqual(["roleRequired"]);
  });
});

describe("termsSchema", () => {
  it.each([true, "on"])("accepts %j as true", (value) => {
    expect(parsed(termsSchema, value)).toBe(true);
  });

  it.each([undefined, false, "", "off", "true", 1])("rejects %j with termsRequired", (value) => {
    expect(keysOf(termsSchema, value)).toEqual(["termsRequired"]);
  });
});

describe("imageFileSchema", () => {
  it("allows exactly 3 MiB", () => {
    expect(IMAGE_MAX_BYTES).toBe(3 * 1024 * 1024);
  });

  it.each(["image/png", "image/jpeg", "image/webp", "image/gif", "image/avif", "IMAGE/PNG"])(
    "accepts %s",
    (type) => {
      expect(keysOf(imageFileSchema, { type, size: 1 })).toEqual([]);
    },
  );

  it.each(["image/svg+xml", "image/tiff", "image/bmp", "application/pdf", "text/plain", ""])(
    "rejects %j with imageFile",
    (type) => {
      expect(keysOf(imageFileSchema, { type, size: 1 })).toEqual(["imageFile"]);
    },
  );

  it.each([
    [0, []],
    [IMAGE_MAX_BYTES - 1, []],
    [IMAGE_MAX_BYTES, []],
    [IMAGE_MAX_BYTES + 1, ["imageSize"]],
  ])("size %i gives %j", (size, expected) => {
    expect(keysOf(imageFileSchema, { type: "image/png", size })).toEqual(expected);
  });

  it("gives the limit to the imageSize text", () => {
    const result = imageFileSchema.safeParse({ type: "image/png", size: IMAGE_MAX_BYTES + 1 });
    expect(result.error?.issues[0]).toMatchObject({
      message: "imageSize",
      params: { maxBytes: IMAGE_MAX_BYTES },
    });
  });

  it("reports only imageFile for a large file that is not an image", () => {
    expect(keysOf(imageFileSchema, { type: "video/mp4", size: IMAGE_MAX_BYTES * 10 })).toEqual([
      "imageFile",
    ]);
  });

  it.each([undefined, null, "image.png", {}, { type: "image/png" }, { size: 1 }])(
    "rejects %j with imageFile",
    (value) => {
      expect(keysOf(imageFileSchema, value)).toEqual(["imageFile"]);
    },
  );

  it("passes a File through unchanged", () => {
    const file = new File(["png"], "logo.png", { type: "image/png" });
    expect(imageFileSchema.parse(file)).toBe(file);
  });
});

describe("imageLinkSchema", () => {
  it.each([
    ["https://example.com/logo.png", []],
    ["  https://example.com/logo.png  ", []],
    ["https://cdn.example.com/a/b.webp?size=200#x", []],
    ["http://example.com/logo.png", ["imageURLHttps"]],
    ["ftp://example.com/logo.png", ["imageURLHttps"]],
    ["data:image/png;base64,AAAA", ["imageURLHttps"]],
    ["javascript:alert(1)", ["imageURLHttps"]],
    ["example.com/logo.png", ["imageURLFormat"]],
    ["not a url", ["imageURLFormat"]],
    ["https://", ["imageURLFormat"]],
    ["", ["imageURLFormat"]],
    [undefined, ["imageURLFormat"]],
  ])("%j gives %j", (value, expected) => {
    expect(keysOf(imageLinkSchema, value)).toEqual(expected);
  });

  it("trims", () => {
    expect(parsed(imageLinkSchema, " https://example.com/a.png ")).toBe(
      "https://example.com/a.png",
    );
  });
});

describe("linkError", () => {
  const complete: Record<LinkKind, Record<string, string>> = {
    reset: { email: "a@b.it", code: "123456" },
    verify: { email: "a@b.it", code: "123456", username: "abc" },
    accept: { key: "k" },
    reject: { key: "k" },
    unsubscribe: { email: "a@b.it", token: "t" },
    download: { downloadId: "d" },
  };

  it.each([
    ["reset", "invalidResetLink"],
    ["verify", "invalidVerification"],
    ["accept", "invalidAcceptToken"],
    ["reject", "invalidRejectToken"],
    ["unsubscribe", "invalidUnsubscribe"],
    ["download", "invalidDownload"],
  ] as const)("%s links need every parameter, otherwise %s", (kind, key) => {
    const params = complete[kind];
    expect(linkError(kind, params)).toBeNull();
    expect(linkError(kind, new URLSearchParams(params))).toBeNull();
    expect(linkError(kind, {})).toBe(key);
    for (const name of Object.keys(params)) {
      expect(linkError(kind, { ...params, [name]: undefined })).toBe(key);
      expect(linkError(kind, { ...params, [name]: "  " })).toBe(key);
      const search = new URLSearchParams(params);
      search.delete(name);
      expect(linkError(kind, search)).toBe(key);
    }
  });

  it("lists the product's parameters", () => {
    expect(
      Object.fromEntries(Object.entries(LINK_REQUIREMENTS).map(([kind, r]) => [kind, r.params])),
    ).toEqual({
      reset: ["email", "code"],
      verify: ["email", "code", "username"],
      accept: ["key"],
      reject: ["key"],
      unsubscribe: ["email", "token"],
      download: ["downloadId"],
    });
  });
});

describe("MESSAGE_KEYS", () => {
  /** One value per key that gets exactly that key first. */
  const examples: Record<string, [z.ZodType, unknown]> = {
    aliasRequired: [aliasSchema, ""],
    aliasShort: [aliasSchema, "ab"],
    aliasLong: [aliasSchema, text(31)],
    policyAlias: [aliasSchema, "-abc"],
    teamNameRequired: [teamNameSchema, ""],
    teamNameShort: [teamNameSchema, "a"],
    teamNameLong: [teamNameSchema, text(51)],
    teamDescriptionLong: [teamDescriptionSchema, text(251)],
    collectionNameRequired: [collectionNameSchema, ""],
    collectionNameShort: [collectionNameSchema, "a"],
    collectionNameLong: [collectionNameSchema, text(51)],
    collectionDescriptionLong: [collectionDescriptionSchema, text(251)],
    fileNameRequired: [fileNameSchema, ""],
    fileNameShort: [fileNameSchema, "a"],
    fileNameLong: [fileNameSchema, text(51)],
    fileNameCharacters: [fileRenameSchema(".jpg"), "photos/Montagna"],
    fileNameType: [fileRenameSchema(""), "page.html"],
    nicknameRequired: [nicknameSchema, ""],
    nicknameShort: [nicknameSchema, "a"],
    nicknameLong: [nicknameSchema, text(51)],
    policyNickname: [nicknameSchema, "a@b"],
    personNameLong: [personNameSchema, text(51)],
    policyPersonName: [personNameSchema, "a@b"],
    usernameRequired: [usernameSchema, ""],
    usernameShort: [usernameSchema, "a"],
    usernameLong: [usernameSchema, text(51)],
    policyUsername: [usernameSchema, "a_b"],
    emailRequired: [emailSchema, ""],
    invalidEmail: [emailSchema, "a@b"],
    passwordRequired: [passwordSchema, ""],
    passwordShort: [passwordSchema, "Ab1!"],
    passwordLong: [signInPasswordSchema, text(101)],
    policyPassword: [passwordSchema, "abcdefgh"],
    confirmPasswordRequired: [
      withConfirmPassword(z.object({ password: passwordSchema })),
      { password: "Abcdef1!" },
    ],
    passwordMatch: [
      withConfirmPassword(z.object({ password: passwordSchema })),
      { password: "Abcdef1!", confirmPassword: "x" },
    ],
    emailUsernameRequired: [signInIdentifierSchema, ""],
    preferredNameRequired: [preferredNameSchema, ""],
    preferredNameLong: [preferredNameSchema, text(31)],
    roleRequired: [roleSchema, "owner"],
    termsRequired: [termsSchema, false],
    ageRequired: [ageSchema, false],
    imageFile: [imageFileSchema, { type: "text/plain", size: 1 }],
    imageSize: [imageFileSchema, { type: "image/png", size: IMAGE_MAX_BYTES + 1 }],
    imageURLFormat: [imageLinkSchema, "nope"],
    imageURLHttps: [imageLinkSchema, "http://example.com/a.png"],
    invalidCharacters: [fileNameSchema, "invoice\u202Efdp.bat"],
  };

  it("lists each key once", () => {
    expect(new Set(MESSAGE_KEYS).size).toBe(MESSAGE_KEYS.length);
  });

  /** Keys no schema gives: the date filter's, checked on the days in the address. */
  const rules: Record<string, string | null> = {
    filterStartEndDateInvalid: dateRangeError("2025-03-02", "2025-03-01"),
    filterDateFuture: dateRangeError("2025-03-02", "", "2025-03-01"),
  };

  it("has an example for every key and no other", () => {
    expect([...Object.keys(examples), ...Object.keys(rules)].sort()).toEqual(
      [...MESSAGE_KEYS].sort(),
    );
  });

  it.each(Object.entries(examples))("%s is produced", (key, [schema, value]) => {
    expect(keysOf(schema, value)[0]).toBe(key);
  });

  it.each(Object.entries(rules))("%s is produced by the date filter's rule", (key, produced) => {
    expect(produced).toBe(key);
  });

  it("includes the product's listed validation keys", () => {
    const spec = [
      "teamNameShort",
      "teamNameLong",
      "teamNameRequired",
      "emailRequired",
      "invalidEmail",
      "passwordShort",
      "passwordLong",
      "policyPassword",
      "passwordRequired",
      "passwordMatch",
      "confirmPasswordRequired",
      "emailUsernameRequired",
      "nicknameShort",
      "nicknameLong",
      "policyNickname",
      "usernameShort",
      "usernameLong",
      "policyUsername",
      "usernameRequired",
      "roleRequired",
      "imageFile",
      "imageSize",
      "imageURLHttps",
      "imageURLFormat",
      "collectionDescriptionLong",
      "termsRequired",
      "filterStartEndDateInvalid",
    ];
    expect(MESSAGE_KEYS).toEqual(expect.arrayContaining(spec));
  });
});

describe("a file's extension and its rename (docs/product.md#files)", () => {
  it.each([
    ["IMG_0003.jpg", ".jpg"],
    ["IMG_0004.JPEG", ".JPEG"],
    ["archive.tar.gz", ".gz"],
    ["x.7z", ".7z"],
    ["notes", ""],
    [".profile", ""],
    ["Mr. Smith", ""],
    ["Report v2.1 final", ""],
    ["backup.tenletters", ""],
    ["backup.ninelttrs", ".ninelttrs"],
  ])("%j has the extension %j", (name, extension) => {
    expect(fileExtension(name)).toBe(extension);
  });

  it.each([
    [".jpg", "Montagna", "Montagna.jpg"],
    [".jpg", " Montagna.JPG ", "Montagna.jpg"],
    [".JPG", "Montagna.jpg", "Montagna.JPG"],
    [".jpg", "x.png", "x.png.jpg"],
    [".jpg", "x.jpg.jpg", "x.jpg.jpg"],
    ["", "x.png", "x.png"],
    [".jpg", "x".repeat(50), `${"x".repeat(50)}.jpg`],
  ])("with %j, %j saves %j", (extension, typed, saved) => {
    expect(fileRenameSchema(extension).parse(typed)).toBe(saved);
  });

  it.each([
    [".jpg", "a.jpg", "fileNameShort"],
    [".jpg", ".JPG", "fileNameRequired"],
    [".jpg", `${"x".repeat(51)}.jpg`, "fileNameLong"],
    ["", "x".repeat(51), "fileNameLong"],
    [".jpg", 7, "fileNameRequired"],
    [".jpg", "a/b", "fileNameCharacters"],
    [".jpg", "a\\b", "fileNameCharacters"],
    [".jpg", "a\r\nb", "fileNameCharacters"],
    ["", "page.html", "fileNameType"],
    ["", "Page.SVG", "fileNameType"],
  ])("with %j, %j is refused with %s", (extension, typed, key) => {
    const result = fileRenameSchema(extension).safeParse(typed);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([key]);
  });
});
