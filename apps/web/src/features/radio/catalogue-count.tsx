import { useEffect } from 'react';
import { useStations } from './api/stations';

/** Tells `onCount` the catalogue's size once it is in (station-count.tsx): renders nothing. */
export default function CatalogueCount({ onCount }: { onCount: (count: string | undefined) => void }) {
  const { data: stations } = useStations();
  const count = stations ? String(stations.length) : undefined;
  useEffect(() => onCount(count), [count, onCount]);
  return null;
}
