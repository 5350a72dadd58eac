/** The company's mail addresses, one per topic (all on the grouarock.com domain). */
export const mailAddresses = {
  general: 'kontakt@grouarock.com',
  support: 'wsparcie@grouarock.com',
  career: 'kariera@grouarock.com',
  partners: 'partnerzy@grouarock.com',
  investors: 'inwestorzy@grouarock.com',
  press: 'prasa@grouarock.com',
  privacy: 'prywatnosc@grouarock.com',
  copyright: 'prawa-autorskie@grouarock.com',
} as const;

export type MailTopic = keyof typeof mailAddresses;

/** A mailto: URL, with the subject encoded when there is one. */
export function mailtoHref(address: string, subject?: string): string {
  return subject ? `mailto:${address}?subject=${encodeURIComponent(subject)}` : `mailto:${address}`;
}
