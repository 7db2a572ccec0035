// The support chat's own rules, checked directly: crisis wording, feelings, secret scrubbing, known errors.
import { expect, test } from "bun:test";
import { mentionsSelfHarm } from "../../src/server/chatbot/crisis";
import { readEmotion } from "../../src/server/chatbot/emotions";
import { matchKnownError } from "../../src/server/chatbot/error-catalogue";
import { scrubSecrets } from "../../src/server/chatbot/scrub-secrets";

test.each([
  "I want to kill myself",
  "I've been thinking about suicide",
  "I just want to end it all",
  "I don't want to be alive anymore",
  "Everyone would be better off without me",
  "I can't go on without him",
  "I want to die",
])("crisis: %s", (text) => {
  expect(mentionsSelfHarm(text)).toBe(true);
});

test.each([
  "How do I print a booklet at home?",
  "She died peacefully in her sleep",
  "The photo upload is killing me, it's so slow",
])("not a crisis: %s", (text) => {
  expect(mentionsSelfHarm(text)).toBe(false);
});

test("feelings are read with a confidence, and only heavy ones ask for comfort", () => {
  expect(readEmotion("I'm overwhelmed, there is too much to do")).toMatchObject({
    detected: "overwhelmed",
    supportNeeded: true,
  });
  expect(readEmotion("We chose the hymns today")).toEqual({
    detected: "neutral",
    confidence: 0.5,
    supportNeeded: false,
  });
  expect(readEmotion("Thank you, I'm grateful").supportNeeded).toBe(false);
});

test("secrets are removed from reports, the rest is kept", () => {
  const scrubbed = scrubSecrets(
    'GET /api/x?token=abc123&page=2 {"password":"hunter2"} Authorization: Bearer eyJabc.def sk_live_abcdef123456 cookie=sid=zzz',
  );
  for (const secret of ["abc123", "hunter2", "eyJabc.def", "sk_live_abcdef123456", "zzz"])
    expect(scrubbed).not.toContain(secret);
  expect(scrubbed).toContain("page=2");
  expect(scrubbed).toContain("GET /api/x");
});

test("known errors: a status code is surer than a word, and anything else gets a general fix", () => {
  expect(matchKnownError("anything", 413)).toMatchObject({ errorType: "photo_too_large", confidence: 0.9 });
  expect(matchKnownError("TypeError: Failed to fetch")).toMatchObject({
    errorType: "network_error",
    confidence: 0.75,
  });
  expect(matchKnownError("Failed to fetch dynamically imported module")).toMatchObject({
    errorType: "app_updated",
    canAutoResolve: true,
  });
  expect(matchKnownError("something odd", 502).errorType).toBe("server_error");
  expect(matchKnownError("something odd").errorType).toBe("unknown_error");
});

test('"Upload failed" is not read as Safari\'s network "Load failed", which still is', () => {
  expect(matchKnownError("it says upload failed").errorType).toBe("unknown_error");
  expect(matchKnownError("TypeError: Load failed").errorType).toBe("network_error");
});
