// What the offline writer can take from the author's free-text SEO instructions without a model: who the post is
// for, and the points the author wants mentioned ("mention free shipping", "highlight our 30-day returns").
export interface InstructionHints {
  audience: string | undefined;
  points: string[];
}

const audiencePattern =
  /\b(?:target audience|audience|written for|write for|writing for|aimed at|targeting|target readers?|for readers who are)\s*(?:is|are|:|-)?\s*([^.;\n]{3,60})/i;
const pointPattern =
  /^(?:please\s+)?(?:make sure to\s+|be sure to\s+|don't forget to\s+|do not forget to\s+)?(?:mention|include|highlight|emphasi[sz]e|cover|discuss|talk about|focus on|explain|promote|stress|point out|refer to)\s+(?:that\s+|the fact that\s+)?(.{3,120})$/i;

function cleanPhrase(text: string): string {
  return text
    .trim()
    .replace(/^["'“‘]+|["'”’]+$/g, "")
    .replace(/[.!,;:]+$/, "")
    .trim();
}

export function readInstructions(instructions: string): InstructionHints {
  const audienceMatch = audiencePattern.exec(instructions)?.[1];
  const audience = audienceMatch ? cleanPhrase(audienceMatch).replace(/^(?:the|our)\s+/i, "") : undefined;
  const points: string[] = [];
  for (const clause of instructions.split(/[\n;]|(?<=[.!?])\s+/)) {
    const match = pointPattern.exec(clause.trim().replace(/^[-*•\d.)\s]+/, ""));
    const point = match?.[1] ? cleanPhrase(match[1]) : "";
    if (point && !points.some((p) => p.toLowerCase() === point.toLowerCase())) points.push(point);
  }
  return { audience: audience || undefined, points: points.slice(0, 6) };
}
