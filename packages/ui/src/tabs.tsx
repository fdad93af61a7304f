import type { ReactNode } from 'react';
import { Tab as TabButton, TabList, TabPanel, Tabs as TabsRoot } from 'react-tabs';

type Tab = { id: string; label: string; content: ReactNode };

/**
 * Tabs (WAI-ARIA tabs pattern through react-tabs, a small well-kept primitive): arrow keys, Home and
 * End move between tabs, each panel is labelled by its tab.
 */
export function Tabs({ tabs, label, defaultTab }: { tabs: Tab[]; label: string; defaultTab?: string }) {
  const defaultIndex = Math.max(
    0,
    tabs.findIndex((tab) => tab.id === defaultTab),
  );
  return (
    <TabsRoot
      className="ui-tabs"
      defaultIndex={defaultIndex}
      selectedTabClassName="ui-tabs__tab--selected"
      selectedTabPanelClassName="ui-tabs__panel--selected"
    >
      <TabList className="ui-tabs__list" aria-label={label}>
        {tabs.map((tab) => (
          <TabButton key={tab.id} className="ui-tabs__tab">
            {tab.label}
          </TabButton>
        ))}
      </TabList>
      {tabs.map((tab) => (
        <TabPanel key={tab.id} className="ui-tabs__panel">
          {tab.content}
        </TabPanel>
      ))}
    </TabsRoot>
  );
}
