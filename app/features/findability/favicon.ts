/** The shop's icon: a leaf on the brand's green. The pages link it as SVG; /favicon.ico serves it as an icon file. */
export const FAVICON_SVG =
  "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'><circle cx='16' cy='16' r='16' fill='#2f6121'/><path d='M9 22c0-8 5.5-12.5 14-13-.3 8.2-4.8 13.5-12.5 13.5' fill='#f2f8ef'/></svg>"

export const FAVICON_DATA_URL = `data:image/svg+xml,${encodeURIComponent(FAVICON_SVG)}`
