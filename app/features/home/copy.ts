/**
 * Home page copy for Cypress Lane Behavioral Health (demo content).
 *
 * Plain data only: no React, no imports. Components read these constants
 * and decide how to render them. Keep the tone warm, plain and clinically
 * responsible (no promised outcomes, no diagnosing).
 */

/* ------------------------------------------------------------------ */
/* Shapes                                                              */
/* ------------------------------------------------------------------ */

export interface TrustBadge {
  readonly label: string;
}

export interface VerifiedSite {
  readonly name: string;
}

export interface TitledItem {
  readonly title: string;
  readonly description: string;
}

export interface SectionHeading {
  readonly heading: string;
  readonly intro: string;
}

export interface InsuranceStripCopy {
  readonly title: string;
  readonly subtitle: string;
}

export interface WhyChooseCopy extends SectionHeading {
  readonly points: readonly TitledItem[];
}

export type CareOption = TitledItem;

export interface CareOptionsCopy extends SectionHeading {
  readonly options: readonly CareOption[];
}

export interface ComparisonCard {
  readonly title: string;
  /** What Cypress Lane does. */
  readonly us: string;
  /** What a typical practice often does (fair, no named competitor). */
  readonly typical: string;
}

export interface ComparisonCopy extends SectionHeading {
  readonly cards: readonly ComparisonCard[];
}

export interface GettingStartedCopy extends SectionHeading {
  readonly steps: readonly TitledItem[];
}

export interface LazySectionHeadings {
  readonly testimonials: SectionHeading;
  readonly team: SectionHeading;
  readonly conditions: SectionHeading;
  readonly faq: SectionHeading;
  readonly locations: SectionHeading;
}

/* ------------------------------------------------------------------ */
/* Hero trust row                                                      */
/* ------------------------------------------------------------------ */

export const trustBadges = [
  { label: "Licensed Florida clinicians" },
  { label: "In person & telehealth" },
  { label: "Same-week appointments" },
  { label: "Most insurance accepted" },
  { label: "4.8 rating" },
] as const satisfies readonly TrustBadge[];

export const verifiedOn = [
  { name: "Psychology Today" },
  { name: "Google" },
  { name: "Healthgrades" },
  { name: "Zocdoc" },
  { name: "Headway" },
  { name: "Yelp" },
] as const satisfies readonly VerifiedSite[];

/* ------------------------------------------------------------------ */
/* Trust factors (exactly 10, in display order; titles only: issue 20) */
/* ------------------------------------------------------------------ */

export const trustFactors = [
  "Licensed Professionals",
  "HIPAA Compliant",
  "Insurance Accepted",
  "Same-Week Appointments",
  "Featured on Psychology Today",
  "Listed on TherapyDen",
  "Evidence-Based Treatment",
  "Compassionate Care",
  "10+ Years Experience",
  "Secure Telehealth",
] as const;

/* ------------------------------------------------------------------ */
/* Insurance strip                                                     */
/* ------------------------------------------------------------------ */

export const insuranceStrip = {
  title: "Find an in-network provider from most insurance plans",
  subtitle: "Add your insurance to see in-network mental health providers",
} as const satisfies InsuranceStripCopy;

/* ------------------------------------------------------------------ */
/* Why choose us                                                       */
/* ------------------------------------------------------------------ */

export const whyChoose = {
  heading: "Why Choose Cypress Lane",
  intro: "Reaching out for help takes courage. We want the next steps to feel simple, respectful and centered on you.",
  points: [
    {
      title: "We take time to listen",
      description: "Visits are never rushed. We want to understand your story before we talk about treatment.",
    },
    {
      title: "Care that fits your life",
      description: "Therapy, medication or both, in our office or by video. You choose what feels right.",
    },
    {
      title: "One connected team",
      description: "Psychiatric providers and therapists work side by side, so your care stays coordinated.",
    },
    {
      title: "Clear answers about costs",
      description: "We help you check your insurance and explain costs up front, so there are fewer surprises.",
    },
  ],
} as const satisfies WhyChooseCopy;

/* ------------------------------------------------------------------ */
/* Care options (between Why Choose and Featured Services)             */
/* ------------------------------------------------------------------ */

export const careOptions = {
  heading: "Two Ways to Meet with Us",
  intro:
    "Some people like a quiet office, and others prefer to connect from home. Many switch between the two. Both options offer the same care from the same team.",
  options: [
    {
      title: "In person in Central Florida",
      description:
        "Visit one of our calm, comfortable offices in Orlando, Winter Park or Altamonte Springs, each with free parking.",
    },
    {
      title: "Telehealth anywhere in Florida",
      description:
        "Meet by secure video from home, work or anywhere private, as long as you're in Florida during the visit.",
    },
  ],
} as const satisfies CareOptionsCopy;

/* ------------------------------------------------------------------ */
/* Our approach (exactly 3 steps)                                      */
/* ------------------------------------------------------------------ */

export const approachSteps = [
  {
    title: "Initial Consultation",
    description:
      "We start with a relaxed conversation about what brings you in, your history and what you hope will change.",
  },
  {
    title: "Personalized Treatment Plan",
    description:
      "Together we choose a plan that fits your needs and goals, whether that's therapy, medication or a mix of both.",
  },
  {
    title: "Ongoing Support",
    description:
      "We check in regularly, see what's helping and adjust the plan with you as your needs change over time.",
  },
] as const satisfies readonly TitledItem[];

/* ------------------------------------------------------------------ */
/* Comparison (exactly 3 cards)                                        */
/* ------------------------------------------------------------------ */

export const comparison = {
  heading: "What Makes Our Care Different",
  intro: "Many practices offer good care. Here's how we try to make the experience a little easier for you.",
  cards: [
    {
      title: "Personalized Care",
      us: "Your plan is built around your goals and reviewed with you at every follow-up visit.",
      typical: "Many busy practices rely on shorter visits and more standard plans to keep schedules moving.",
    },
    {
      title: "Faster Access",
      us: "Same-week appointments are often available, and we'll help you find the earliest opening.",
      typical: "Waits of several weeks for a first visit are common in mental health care today.",
    },
    {
      title: "Telehealth Statewide",
      us: "You can see us by secure video from anywhere in Florida, with the same clinicians as in our office.",
      typical: "Some practices offer only in-office visits or limit video care to certain services.",
    },
  ],
} as const satisfies ComparisonCopy;

/* ------------------------------------------------------------------ */
/* Getting started (after the comparison)                              */
/* ------------------------------------------------------------------ */

export const gettingStarted = {
  heading: "Getting Started Is Simple",
  intro: "Choose the way that feels easiest for you. There's no wrong door, and our team will guide you from there.",
  steps: [
    {
      title: "Call our office",
      description:
        // {phone}, {hours} and {promise} are filled from site content, so they match every other page.
        "Talk with our friendly front desk at {phone} ({hours}). We'll answer questions and check your insurance.",
    },
    {
      title: "Request an appointment online",
      description: "Fill out a short request form any time. A member of our team will reach out {promise}.",
    },
    {
      title: "Start with a virtual visit",
      description:
        "Prefer to stay home? Book a secure telehealth visit and meet your clinician by video from anywhere in Florida.",
    },
  ],
} as const satisfies GettingStartedCopy;

/* ------------------------------------------------------------------ */
/* Headings for lazily loaded sections                                 */
/* ------------------------------------------------------------------ */

export const lazySectionHeadings = {
  testimonials: {
    heading: "What Our Patients Say",
    intro: "Experiences shared by people in our care. Names are shortened to protect privacy.",
  },
  team: {
    heading: "Meet Our Clinicians",
    intro: "Psychiatrists, nurse practitioners and therapists who bring skill, warmth and respect to every visit.",
  },
  conditions: {
    heading: "Conditions We Treat",
    intro:
      "Whatever you're facing, you don't have to sort it out alone. Here are some of the concerns we help with most often.",
  },
  faq: {
    heading: "Frequently Asked Questions",
    intro: "Quick answers about visits, insurance and telehealth. Still wondering about something? Give us a call.",
  },
  locations: {
    heading: "Our Locations",
    intro: "Visit one of our offices in Winter Park, Orlando or Altamonte Springs, or meet with us online.",
  },
} as const satisfies LazySectionHeadings;
