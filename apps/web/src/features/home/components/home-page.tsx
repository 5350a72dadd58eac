import { useDocumentMeta } from '../../../lib/document-meta';
import { useT } from '../../../lib/i18n';
import { StationCountProvider, stationCountValues, useStationCount } from '../station-count';
import { FeaturesSection } from './features-section';
import { Hero } from './hero';
import { HomeSections } from './home-sections';
import { StatsSection } from './stats-section';
import { VisitorBanner } from './visitor-banner';

/** The home page (/): hero with the promo popup, stats, the 8 features, the visitor milestone, radio and live. */
export default function HomePage() {
  return (
    <StationCountProvider>
      <HomeContent />
    </StationCountProvider>
  );
}

function HomeContent() {
  const t = useT();
  const description = t('home.meta.description', stationCountValues(useStationCount()));
  useDocumentMeta({ title: t('home.meta.title'), description }, t('meta.title'));
  return (
    <>
      <Hero />
      <StatsSection />
      <FeaturesSection />
      <VisitorBanner />
      <HomeSections />
    </>
  );
}
