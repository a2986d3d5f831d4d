// The Search Console card and its ideas as the site and the Shopify app both show them, without a framework (each
// keeps its own look and its own way of calling the server): the properties the owner can choose from, the one chosen
// first, whether the figures are being read, and an idea's figures in words.
import type { SearchConsoleIdea, SearchConsoleStatus } from "./search-console.ts";

export type SearchConsoleConnectionView = NonNullable<SearchConsoleStatus["connection"]>;

/** The properties the connected Google account can read (an unverified one cannot be read). */
export const readableProperties = (connection: SearchConsoleConnectionView) =>
  connection.properties.filter((property) => property.permissionLevel !== "siteUnverifiedUser");

/**
 * What the property choice shows: "none" (the account can read no property), "hidden" (the one property it can read
 * is read already), else "choose" from the readable properties, starting from the one read (or the first), and
 * saying why when none matched the site's address.
 */
export function propertyChoice(
  connection: SearchConsoleConnectionView,
):
  | { kind: "none"; initial: string }
  | { kind: "hidden"; initial: string }
  | { kind: "choose"; initial: string; unmatched: boolean; options: { label: string; value: string }[] } {
  const readable = readableProperties(connection);
  const initial = connection.property ?? readable[0]?.siteUrl ?? "";
  if (readable.length === 0) return { kind: "none", initial };
  if (connection.property && readable.length === 1) return { kind: "hidden", initial };
  return {
    kind: "choose",
    initial,
    unmatched: !connection.property,
    options: readable.map((p) => ({ label: propertyLabel(p.siteUrl), value: p.siteUrl })),
  };
}

/** A property as the owner reads it: a domain property ("sc-domain:example.com") as "example.com (whole domain)". */
export const propertyLabel = (siteUrl: string): string =>
  siteUrl.startsWith("sc-domain:") ? `${siteUrl.slice("sc-domain:".length)} (whole domain)` : siteUrl;

/** What the card says of a site turned off in the owner's account (its figures are not read until it is on again). */
export const siteOffNote = (platform: SearchConsoleConnectionView["platform"]): string =>
  `This ${platform === "shopify" ? "store" : "site"} is turned off in your Postwright account, so Search Console is not read. Turn it on to read it again.`;

/** Whether the figures are queued or being read from Google now. */
export const readingFigures = (connection: Pick<SearchConsoleConnectionView, "reading">): boolean =>
  connection.reading === "queued" || connection.reading === "reading";

const number = (value: number) => value.toLocaleString("en-US");

/**
 * An idea's figures: "1,200 impressions (+300 on the 28 days before), 14 clicks, average position 8.2" (no change
 * said when there is none, no position when Google gave none).
 */
export function ideaFigures(idea: SearchConsoleIdea): string {
  const change = idea.impressions - idea.previousImpressions;
  return [
    `${number(idea.impressions)} impressions`,
    change !== 0 ? ` (${change > 0 ? "+" : "−"}${number(Math.abs(change))} on the 28 days before)` : "",
    `, ${number(idea.clicks)} clicks`,
    idea.position === null ? "" : `, average position ${idea.position}`,
  ].join("");
}

/** The plan ideas are added to: the one chosen, else the first. */
export const ideasPlan = <Plan extends { id: number }>(plans: readonly Plan[], chosenId: number | null) =>
  plans.find((plan) => plan.id === chosenId) ?? plans[0];
