/** /marketplace, which sends the browser to the external marketplace. */
export const marketplacePl = {
  'marketplace.redirecting': 'Przenosimy Cię do Marketplace…',
  'marketplace.link': 'Przejdź do Marketplace',
};
