/**
 * The English messages: the product's own texts, word for word (tests quote
 * them). ICU MessageFormat; an id's first part is its namespace, the unit a
 * page's loader sends to the browser (catalogs.server.ts). es.ts must have
 * every id of this file and no other (tests/unit/i18n-catalogs.test.ts).
 */
export const en = {
  "layout.skip": "Skip to main content",
  "layout.topBar.businesses": "Businesses",
  "layout.topBar.signIn": "Sign In",
  "layout.nav.main": "Main",
  "layout.nav.search": "Search",
  "layout.nav.businesses": "Businesses",
  "layout.nav.allCities": "All cities",
  "layout.nav.profile": "Profile",
  "layout.footer.tagline": "Local government, in plain sight.",
  "layout.footer.label": "Footer",
  "layout.footer.home": "Home",
  "layout.footer.about": "About",
  "layout.footer.contact": "Contact",
  "layout.footer.privacy": "Privacy Policy",
  "layout.footer.api": "API",
  "layout.footer.feedback": "Feedback",
  "layout.footer.liteTitle": "Reading pages without scripts: lighter on slow connections and old phones",
  "layout.footer.liteOn": "Lite mode: on",
  "layout.footer.liteOff": "Lite mode: off",
  "layout.footer.languageTitle": "Read this site in another language",
  "meta.title": "Gavel | Local government, in plain sight",
  "meta.description":
    "Gavel turns city council meetings into searchable, plain-language news and analysis for every resident.",
  "home.meta.title": "Gavel | Democracy Made Accessible",
  "home.meta.description": "Plain-language news, analysis and search for your city council's meetings.",
  "home.hero.title": "Democracy Made Accessible",
  "home.hero.text":
    "Your city council decides on your streets, your taxes and your schools. Gavel turns every meeting into plain-language news, searchable transcripts and the moments that matter.",
  "home.picker.title": "Find your city",
  "home.picker.text": "Read what your council decided, in minutes.",
  "home.picker.label": "Choose your city",
  "home.picker.placeholder": "Select a city…",
  "home.picker.other": "Other",
  "home.picker.go": "Go to My City",
  "home.picker.none": "No cities are live yet. Choose Other to request yours.",
  "home.features.title": "Local government, in plain sight",
  "home.features.transparency": "Transparency",
  "home.features.transparencyText":
    "Every meeting, summarized in plain language, with the exact words and the moment they were said.",
  "home.features.engagement": "Engagement",
  "home.features.engagementText": "Know what is on the agenda before it is decided, and who said what when it was.",
  "home.features.discovery": "Discovery",
  "home.features.discoveryText": "Search years of transcripts across cities and land on the second a topic came up.",
  "home.cta.title": "Your council works for you. See what it does.",
  "home.cta.text": "Pick your city above, or ask us to cover it. Reading is free, and always will be.",
  "home.cta.choose": "Choose your city",
  "home.cta.how": "How it works",
} as const;

export type MessageId = keyof typeof en;
