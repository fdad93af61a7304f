import type { ReactNode } from 'react';
import type { Profile } from '@registry/contracts/profile';
import { Badge } from '@registry/ui/badge';
import { Button } from '@registry/ui/button';
import { Card } from '@registry/ui/card';
import { Menu, MenuItem } from '@registry/ui/menu';
import type { ProfilePart } from './edit-profile-modal';
import { EmailVerifyButton } from './email-verify-button';
import { ExpiryRemindersToggle } from './expiry-reminders-toggle';
import { ProfilePicture } from './profile-picture';

const NO_DATA = 'No data found';

function InfoCard({
  title,
  action,
  onEdit,
  children,
}: {
  title: string;
  action: string;
  onEdit: () => void;
  children: ReactNode;
}) {
  const headingId = `${title.toLowerCase().replace(/\W+/g, '-')}-card`;
  return (
    <Card className="profile-card" aria-labelledby={headingId}>
      <div className="profile-card__header">
        <h2 id={headingId}>{title}</h2>
        <Menu
          label={`${title} options`}
          trigger={
            <Button variant="ghost" aria-label={`${title} options`}>
              ⋯
            </Button>
          }
        >
          <MenuItem onSelect={onEdit}>{action}</MenuItem>
        </Menu>
      </div>
      {children}
    </Card>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="profile-card__row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The Profile and Billing Info cards (spec section 2): text only, 'No data found' when empty. */
export function ProfileCards({
  accountId,
  profile,
  onEdit,
  onChanged,
}: {
  accountId: string;
  profile: Profile | null;
  onEdit: (part: ProfilePart) => void;
  onChanged: () => void;
}) {
  const hasDetails = Boolean(profile && (profile.fullName || profile.email || profile.mobileNo));
  const hasAddress = Boolean(profile && profile.adrLine1);
  const address = profile
    ? [profile.adrLine1, profile.adrLine2, profile.city, profile.state, profile.pincode, profile.country]
        .filter(Boolean)
        .join(', ')
    : '';
  return (
    <div className="profile-cards">
      <InfoCard title="Profile" action="Edit Details" onEdit={() => onEdit('details')}>
        <ProfilePicture accountId={accountId} dp={profile?.dp ?? null} onChanged={onChanged} />
        {hasDetails && profile ? (
          <dl className="profile-card__list">
            <Row label="Name">{profile.fullName}</Row>
            <Row label="Email">
              <span className="profile-card__email">{profile.email}</span>
              {profile.email ? (
                profile.emailVerified ? (
                  <Badge tone="success">Verified</Badge>
                ) : (
                  <EmailVerifyButton email={profile.email} />
                )
              ) : null}
            </Row>
            <Row label="Phone">{profile.mobileNo ? `${profile.countryCode} ${profile.mobileNo}` : ''}</Row>
          </dl>
        ) : (
          <p className="profile-card__empty">{NO_DATA}</p>
        )}
        {profile?.email ? (
          <ExpiryRemindersToggle key={`${profile.email}-${profile.emailVerified}`} profile={profile} />
        ) : null}
      </InfoCard>
      <InfoCard title="Billing Info" action="Edit Address" onEdit={() => onEdit('billing')}>
        {hasAddress ? (
          <dl className="profile-card__list">
            <Row label="Billing Address">{address}</Row>
          </dl>
        ) : (
          <p className="profile-card__empty">{NO_DATA}</p>
        )}
      </InfoCard>
    </div>
  );
}
