import { describe, expect, it } from "vitest";
import { tokenizeWords } from "./words.ts";
import { isPassiveSentence } from "./passive-voice.ts";

const passive = (sentence: string): boolean => isPassiveSentence(tokenizeWords(sentence));

describe("isPassiveSentence", () => {
  it.each([
    "The beans are roasted in small batches.",
    "The burrs were made in Italy.",
    "This grinder is often used in cafés.",
    "The shot was not pulled long enough.",
    "Our order got delayed by a week.",
    "Most of the oils have been extracted by then.",
  ])("finds the passive in: %s", (sentence) => {
    expect(passive(sentence)).toBe(true);
  });

  it.each([
    "We roast the beans in small batches.",
    "The grinder is quiet and small.",
    "She needed a new grinder.",
    "The coffee is red and sweet.",
    "This is a hundred times better.",
    "Baristas use this grinder every day.",
  ])("finds no passive in: %s", (sentence) => {
    expect(passive(sentence)).toBe(false);
  });
});
