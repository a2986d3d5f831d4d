import type { SeoInput } from "../types.ts";

/**
 * A realistic, well-optimised post of about 2,000 words, for the tests and the benchmark of the SEO analyser:
 * the keyphrase at the start of the title, in the introduction, in some subheadings and an image alt text, links in
 * and out, short paragraphs and plain sentences.
 */
export interface SampleSection {
  heading: string;
  paragraphs: string[];
  /** A bulleted list after the paragraphs. */
  list?: string[];
}

export const SAMPLE_INTRODUCTION = [
  "A good coffee grinder does more for your morning cup than any other tool in the kitchen. Fresh beans lose their aroma within minutes of grinding, so grinding at home keeps every cup bright and sweet. In this guide, we explain how to choose a coffee grinder that fits your budget, your brewer and your routine.",
  "We tested blade and burr models side by side for six weeks. As a result, we can tell you which features matter and which ones are just marketing. You will also learn how to clean and adjust your grinder, so it keeps working well for years.",
];

export const SAMPLE_SECTIONS: SampleSection[] = [
  {
    heading: "Why a coffee grinder matters",
    paragraphs: [
      "Coffee is a fragile product. Once you break a bean open, its oils meet the air and start to fade. Pre-ground coffee from the shop has already lost most of its sweetness by the time you open the bag. Grinding just before you brew keeps those flavours in the cup.",
      "Grind size also controls how fast water pulls flavour from the grounds. Fine grounds give up their taste quickly, while coarse grounds need more time. If the size is wrong, your coffee turns sour or bitter. Therefore, a grinder that makes even particles is the key to a balanced cup.",
      "Many people spend a lot on an espresso machine and then use stale, uneven grounds. That is like buying a sports car and filling it with cheap fuel. In our tests, a modest brewer with a good grinder beat an expensive brewer with a poor one every time.",
    ],
  },
  {
    heading: "Blade grinders and burr grinders",
    paragraphs: [
      "There are two main kinds of grinder. A blade grinder spins a small propeller that chops the beans into random pieces. A burr grinder crushes the beans between two rough plates, called burrs, set a fixed distance apart. The gap between the burrs decides the size of the grounds.",
      "Blade grinders are cheap and small. However, they make a mix of dust and large chunks, and the dust over-extracts while the chunks under-extract. The result tastes muddy and harsh at the same time. You can improve it a little by shaking the grinder while it runs, but you cannot fix it.",
      "Burr grinders cost more, yet they give you control. You pick a setting, and every particle comes out close to that size. For this reason, almost every barista and coffee lover uses a burr model. If your budget allows it, a burr grinder is the single best upgrade you can make.",
    ],
  },
  {
    heading: "Flat burrs or conical burrs?",
    paragraphs: [
      "Burr grinders come with either flat or conical burrs. Flat burrs are two rings that face each other. Conical burrs are a cone that turns inside a ring. Both designs can make excellent coffee, and the difference is smaller than forums suggest.",
      "Flat burrs tend to produce a very even grind with clear, bright flavours. They are popular in cafés and in high-end home grinders. On the other hand, they often run hotter and hold on to more grounds between doses. You may need to clean them more often.",
      "Conical burrs turn more slowly and stay cool, which makes them quieter. They also fit into smaller bodies, so most hand grinders use them. In short, choose flat burrs if you chase clarity, and choose conical burrs if you want a compact, quiet machine.",
    ],
  },
  {
    heading: "Match the coffee grinder to your brewer",
    paragraphs: [
      "Each brewing method needs its own grind size. Espresso needs a fine powder, close to table salt. Pour-over and drip coffee need a medium grind, like sand. French press and cold brew need coarse grounds, close to sea salt. Your grinder must reach the range you use most.",
      "Espresso is the hardest test for any grinder. Small changes in size change the shot a lot, so you need fine steps between settings. Look for stepless adjustment or at least forty steps. Many cheap grinders simply cannot go fine enough for a real espresso.",
      "For filter coffee, evenness matters more than fine steps. A good filter grinder makes few fines, which keeps the cup clean and sweet. If you switch between espresso and filter every day, check how easy it is to move between settings. Some grinders lose their calibration when you do.",
    ],
  },
  {
    heading: "Hand grinders versus electric grinders",
    paragraphs: [
      "A hand grinder is a great choice for one or two cups a day. It is quiet, small and easy to take on trips. Good hand grinders have steel burrs and two bearings, so the burr stays centred. As a result, they often match electric grinders that cost twice as much.",
      "Hand grinding takes effort, though. A light roast for one pour-over takes about a minute of turning. For espresso, it can take longer and feel tiring. If you make coffee for a family or a team, an electric grinder will save you time every single morning.",
      "Electric grinders also make it easy to grind straight into a portafilter or a filter. In addition, many models have a timer, so you get the same dose every day. Before you buy, think about how many cups you make and who will use the grinder. That answer usually decides it.",
    ],
  },
  {
    heading: "Features worth paying for",
    paragraphs: [
      "Not every feature adds flavour. A few of them, however, make daily use much easier. First, look for low retention, which means few old grounds stay inside the grinder. Old grounds mix with fresh ones and dull the taste of your next cup.",
      "Second, check the adjustment system. Clear markings help you return to a setting you liked. Stepless grinders give you the most control, but they are harder to set the same way twice. For most people, a stepped grinder with small steps is the easier choice.",
      "Third, think about noise and size. A grinder lives on your counter, so measure the space under your cupboards. Also listen to a video of it running, especially if you brew early while others sleep. Finally, pick a model with spare parts for sale, so you can replace worn burrs later.",
    ],
  },
  {
    heading: "How much should you spend on a coffee grinder?",
    paragraphs: [
      "You do not need to spend a fortune. A solid hand grinder costs between sixty and one hundred and fifty dollars. An entry electric burr grinder costs about the same. These models make great filter coffee and decent espresso.",
      "Mid-range electric grinders cost between two hundred and four hundred dollars. They grind faster, hold less coffee and handle espresso with ease. For most home baristas, this range offers the best value. Above it, you pay for small gains in clarity and for extra comfort.",
      'As a rule of thumb, spend at least as much on the grinder as on the brewer. A great grinder with a simple pour-over cone makes better coffee than the reverse. You can browse our tested picks in the <a href="/collections/coffee-grinders">coffee grinder collection</a> to compare prices side by side.',
    ],
  },
  {
    heading: "Dial in your grind step by step",
    paragraphs: [
      "Dialling in means finding the right setting for a bean and a brewer. Start in the middle of the range the maker suggests for your method. Brew a cup, taste it and write down what you notice. Then change one thing at a time.",
      "If the coffee tastes sour, thin or salty, grind finer. If it tastes bitter, dry or hollow, grind coarser. Make small moves, and brew again after each one. For espresso, also watch the shot time, which should land near thirty seconds for a normal dose.",
      "Fresh beans and old beans behave differently, so expect to adjust as a bag ages. In fact, most baristas adjust a little every day. Keep notes on your phone or on a card near the grinder. After a week, you will know your grinder well and find good settings quickly.",
    ],
  },
  {
    heading: "Keep your coffee grinder clean",
    paragraphs: [
      "Coffee oils build up on the burrs and turn rancid over time. That stale layer adds bitter notes to every cup. To avoid it, brush out loose grounds once a week and deep clean the burrs once a month if you grind every day.",
      "Always unplug an electric grinder before you clean it. Remove the hopper, take out the top burr and brush both burrs with a stiff, dry brush. Do not use water on the burrs, because it can rust them. A vacuum helps to lift fine dust from the chamber.",
      "Cleaning tablets made from food-safe grains are another option. You grind them like beans, and they absorb oils on the way through. Afterwards, grind a few grams of cheap coffee to clear out the last bits. Your grinder will sound smoother and your coffee will taste cleaner.",
    ],
  },
  {
    heading: "Grinding for espresso at home",
    paragraphs: [
      "Espresso asks more of a grinder than any other method. Water runs through a tight bed of coffee under high pressure, so tiny changes in grind size change the taste of the shot. A grinder that wanders between settings will give you a good shot one day and a sour one the next.",
      "Single dosing has become popular with home baristas. Instead of filling a hopper, you weigh the beans for one shot and grind them all at once. This keeps the rest of the bag sealed and fresh. It also lets you switch between beans without wasting coffee.",
      "If you single dose, low retention matters even more. Some grinders come with a small bellows on top that pushes out the last grounds. Others need a few taps on the side. Either way, weigh what goes in and what comes out, and you will see how much the grinder holds back.",
    ],
  },
  {
    heading: "Store your beans the right way",
    paragraphs: [
      "Even the best grinder cannot save stale beans. Buy whole beans roasted in the last few weeks, and check the roast date on the bag. Avoid bags that only show a best-before date, because that date can be a year after roasting.",
      "Keep beans in an airtight container away from light, heat and moisture. A cupboard works well, while a sunny shelf above the kettle does not. The fridge is also a poor place, since beans absorb smells and pick up moisture every time you open the door.",
      "For longer storage, freeze beans in small, sealed portions. Take out one portion at a time and grind it straight from the freezer. In our tests, frozen beans kept their sweetness for months. Then again, the simplest habit is to buy smaller bags more often.",
    ],
  },
  {
    heading: "A quick checklist before you buy",
    paragraphs: [
      "Before you order, run through this short list. It takes five minutes, and it can save you from an expensive mistake. Each point comes from a question our readers ask us again and again.",
    ],
    list: [
      "Does the grinder reach the grind size of the brewer you use most?",
      "Can you change settings easily, and return to a setting you liked?",
      "How many grams stay inside the grinder after each dose?",
      "Will it fit under your cupboards, and is it quiet enough for early mornings?",
      "Can you buy spare burrs and parts from the maker or a local shop?",
      "Does the price leave room in your budget for fresh, good beans?",
    ],
  },
  {
    heading: "A last word on budget",
    paragraphs: [
      "If money is tight, buy a good hand grinder first. You can add an electric model later, and the hand grinder will still be useful for travel.",
    ],
  },
  {
    heading: "Our verdict",
    paragraphs: [
      "The right grinder depends on how you brew and how much you brew. For one person who loves filter coffee, a quality hand grinder is hard to beat. For a busy household or daily espresso, an electric burr grinder with low retention is worth the money.",
      'Whatever you choose, grind fresh and keep the burrs clean. Those two habits matter more than any brand name. If you want to learn more about extraction, the <a href="https://sca.coffee/research">research library of the Specialty Coffee Association</a> explains the science in detail.',
      "Above all, trust your taste. A grinder is a tool, not a trophy, and the best one is the grinder you enjoy using every morning. Pick a model that fits your routine, dial it in with patience, and enjoy the difference fresh grounds make.",
    ],
  },
];

const IMAGES = [
  '<figure><img src="/images/burr-grinder.jpg" alt="Conical burr coffee grinder on a kitchen counter"><figcaption>A conical burr grinder.</figcaption></figure>',
  '<figure><img src="/images/grind-sizes.jpg" alt="Fine, medium and coarse grounds side by side"><figcaption>Grind sizes from espresso to French press.</figcaption></figure>',
];

export function paragraphHtml(text: string): string {
  return `<p>${text}</p>`;
}

export function sectionHtml(section: SampleSection, level = 2): string {
  const list =
    section.list === undefined ? "" : `\n<ul>${section.list.map((item) => `<li>${item}</li>`).join("")}</ul>`;
  return `<h${level}>${section.heading}</h${level}>\n${section.paragraphs.map(paragraphHtml).join("\n")}${list}`;
}

/** The sample post's body: introduction, thirteen sections with H2s, two figures. */
export function samplePostHtml(): string {
  const parts = SAMPLE_INTRODUCTION.map(paragraphHtml);
  SAMPLE_SECTIONS.forEach((section, index) => {
    parts.push(sectionHtml(section));
    const image = IMAGES[index === 1 ? 0 : index === 3 ? 1 : -1];
    if (image !== undefined) parts.push(image);
  });
  return parts.join("\n");
}

export const SAMPLE_POST: SeoInput = {
  title: "Coffee Grinder Guide: How to Choose the Right One for Home",
  metaDescription:
    "Learn how to choose a coffee grinder for home brewing: blade or burr, hand or electric, what to spend, and how to dial it in for great coffee.",
  html: samplePostHtml(),
  keyphrase: "coffee grinder",
  keywords: ["coffee grinder", "burr grinder", "espresso"],
  siteUrl: "https://beanshop.example",
};
