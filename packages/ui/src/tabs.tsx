import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';

type Tab = { id: string; label: string; content: ReactNode };

/** Tabs: arrow keys move between tabs, each panel labelled by its tab. */
export function Tabs({ tabs, label, defaultTab }: { tabs: Tab[]; label: string; defaultTab?: string }) {
  return (
    <TabsPrimitive.Root className="ui-tabs" defaultValue={defaultTab ?? tabs[0]?.id}>
      <TabsPrimitive.List className="ui-tabs__list" aria-label={label}>
        {tabs.map((tab) => (
          <TabsPrimitive.Trigger key={tab.id} value={tab.id} className="ui-tabs__tab">
            {tab.label}
          </TabsPrimitive.Trigger>
        ))}
      </TabsPrimitive.List>
      {tabs.map((tab) => (
        <TabsPrimitive.Content key={tab.id} value={tab.id} className="ui-tabs__panel">
          {tab.content}
        </TabsPrimitive.Content>
      ))}
    </TabsPrimitive.Root>
  );
}
