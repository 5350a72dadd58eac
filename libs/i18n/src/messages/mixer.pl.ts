/** The PRO DJ MIXER overlay. */
export const mixerPl = {
  'mixer.title': 'PRO DJ MIXER',
};
