/**
 * Sites outside this app that the header and footer link to (the main site, the shop, the community, socials).
 * One list, so an operator changes an address in one place.
 */
export const externalLinks = {
  /** The product's main site, where the home page's promo popup sends the visitor. */
  mainSite: 'https://grouarock.com',
  shop: 'https://sklep.grouarock.com',
  community: 'https://community.grouarock.com',
  marketplace: 'https://marketplace.grouarock.com',
  status: 'https://status.grouarock.com',
  /** The API cost report the /api calculator opens, with ?requests=&plan=&streaming=. */
  apiCostReport: 'https://grouarock.com/api/raport',
  facebook: 'https://www.facebook.com/grouarock',
  instagram: 'https://www.instagram.com/grouarock',
  youtube: 'https://www.youtube.com/@grouarock',
} as const;
