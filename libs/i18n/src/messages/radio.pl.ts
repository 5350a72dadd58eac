/** The radio page (/radio), the player bar and the station extras. Polish: the spec's texts. */
export const radioPl = {
  'radio.title': 'Radio Online',
  'radio.subtitle': '50+ stacji radiowych dostępnych 24/7',
};
