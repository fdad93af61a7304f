import type { ComponentType } from 'react';
import { DomainDetailPage } from './features/domain-detail/domain-detail-page';
import { DomainManagePage } from './features/records/domain-manage-page';
import { OtherDomainDetailPage } from './features/other-domains/other-domain-detail-page';
import { OtherDomainManagePage } from './features/other-domains/other-domain-manage-page';
import { MyDomainsPage } from './features/my-domains/my-domains-page';
import { MySubdomainsPage } from './features/subdomains/my-subdomains-page';
import { PendingPage } from './features/pending/pending-page';

/** The pages this remote gives the shell, keyed by the page ids of the shell's route table. */
export const pages: Record<string, ComponentType> = {
  'domain-detail': DomainDetailPage,
  'domain-manage': DomainManagePage,
  'other-domain-detail': OtherDomainDetailPage,
  'other-domain-manage': OtherDomainManagePage,
  'my-domains': MyDomainsPage,
  'my-subdomains': MySubdomainsPage,
  pending: PendingPage,
};
