/**
 * What a search result shows: titles past 60 characters and descriptions past
 * about 156 are cut off; descriptions under 120 waste the space. Checked when
 * content is loaded and by the crawl test.
 */
export const META_LIMITS = { titleMax: 60, descriptionMin: 120, descriptionMax: 156 } as const;
