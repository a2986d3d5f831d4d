// Post ideas without a model: well-worn shapes of useful posts (guides, comparisons, mistakes, care, gift ideas)
// filled with the owner's niche and what their site sells, in a fixed order so the same request gives the same ideas.
import type { IdeasRequest, PostIdea } from "../ideas/types.ts";

const titleCase = (text: string) => text.replace(/\b\w/g, (letter) => letter.toUpperCase());

export function suggestIdeasOffline(request: IdeasRequest, now = new Date()): PostIdea[] {
  const niche = request.niche.trim().replace(/\s+/g, " ");
  const topic = niche.toLowerCase();
  const year = now.getFullYear();
  const ideas: PostIdea[] = [];
  for (const offering of request.offerings.slice(0, Math.ceil(request.count / 2))) {
    const item = offering.trim().toLowerCase();
    ideas.push({ title: `How to Choose the Right ${titleCase(item)}`, keywords: [item, `best ${item}`, topic] });
    ideas.push({ title: `${titleCase(item)}: Care and Use Tips That Make It Last`, keywords: [`${item} care`, item] });
  }
  ideas.push(
    { title: `${titleCase(topic)} for Beginners: Where to Start`, keywords: [`${topic} for beginners`, topic] },
    { title: `7 ${titleCase(topic)} Mistakes to Avoid`, keywords: [`${topic} mistakes`, topic] },
    { title: `${titleCase(topic)} Trends to Watch in ${year}`, keywords: [`${topic} trends`, `${topic} ${year}`] },
    { title: `How to Save Money on ${titleCase(topic)}`, keywords: [`cheap ${topic}`, `${topic} on a budget`] },
    { title: `${titleCase(topic)} Gift Ideas for Every Budget`, keywords: [`${topic} gifts`, `${topic} gift ideas`] },
    { title: `A Seasonal Guide to ${titleCase(topic)}`, keywords: [`seasonal ${topic}`, topic] },
    { title: `${titleCase(topic)}: Questions Our Customers Ask Most`, keywords: [`${topic} faq`, topic] },
    { title: `What to Look for When Buying ${titleCase(topic)}`, keywords: [`buying ${topic}`, `${topic} guide`] },
    { title: `The Complete Checklist for ${titleCase(topic)}`, keywords: [`${topic} checklist`, topic] },
    { title: `${titleCase(topic)} Myths, Busted`, keywords: [`${topic} myths`, topic] },
  );
  return ideas.slice(0, request.count * 2);
}
