/** Beta features ("Nowe funkcje w wersji beta jako pierwszy"): /profile's list of what Ultra members have first. */
export const betaPl = {
  'beta.title': 'Funkcje beta',
  'beta.badge': 'Beta',
  'beta.lead.early': 'Jako członek Ultra masz te nowe funkcje jako pierwszy, zanim trafią do wszystkich.',
  'beta.lead.coming': 'Te nowe funkcje są w wersji beta: członkowie Ultra mają je jako pierwsi, a wkrótce trafią do wszystkich.',
  'beta.coming': 'wkrótce',
  'beta.upgrade': 'Przejdź na Ultra',
  'beta.feature.browser-live': 'Na żywo z przeglądarki: kamera i mikser DJ',
};
