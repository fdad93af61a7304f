import { ResponsivePie } from '@nivo/pie';
import type { DonutSlice } from '../donut-data';

const THEME = {
  text: { fill: '#f2f3ff', fontSize: 12 },
  tooltip: { container: { background: '#181a33', color: '#f2f3ff' } },
};

/** The donut of the closest suggestions (loaded with nivo only when suggestions are shown). */
export default function SuggestionsDonut({ slices }: { slices: DonutSlice[] }) {
  return (
    <ResponsivePie
      data={slices}
      colors={{ datum: 'data.color' }}
      innerRadius={0.6}
      padAngle={1.5}
      cornerRadius={3}
      margin={{ top: 12, right: 12, bottom: 12, left: 12 }}
      enableArcLinkLabels={false}
      arcLabel={(slice) => `${slice.value}%`}
      arcLabelsTextColor="#0f1020"
      theme={THEME}
      isInteractive={false}
      animate={false}
      // The wrapper is the image and carries its text alternative.
      role="presentation"
    />
  );
}
