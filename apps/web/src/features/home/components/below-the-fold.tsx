import { FeaturesSection } from './features-section';
import { HomeSections } from './home-sections';
import { VisitorBanner } from './visitor-banner';

/**
 * The home page under its first screen: the 8 features, the visitor milestone, radio and live. A chunk of its own
 * (home-page.tsx), so the code the first screen needs before it responds is only the hero's and the stats'.
 */
export default function BelowTheFold() {
  return (
    <>
      <FeaturesSection />
      <VisitorBanner />
      <HomeSections />
    </>
  );
}
