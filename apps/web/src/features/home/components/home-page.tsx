import { lazy, Suspense } from 'react';
import { useDocumentMeta } from '../../../lib/document-meta';
import { useT } from '../../../lib/i18n';
import { StationCountProvider, stationCountValues, useStationCount } from '../station-count';
import { Hero } from './hero';
import { StatsSection } from './stats-section';

/**
 * Below the first screen: loaded with the page, not before it responds. A prerendered page holds its HTML from the
 * start and preloads its chunk; React takes that HTML over once the chunk is in.
 */
const BelowTheFold = lazy(() => import('./below-the-fold'));

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
      <Suspense fallback={null}>
        <BelowTheFold />
      </Suspense>
    </>
  );
}
