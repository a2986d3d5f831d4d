import { useAuth } from "../../hooks/use-auth";
import { ChangePasswordCard } from "./change-password-card";
import { EmailCard } from "./email-card";
import { SessionsCard } from "./sessions-card";
import { TimeZoneCard } from "./time-zone-card";
import { YourDataCard } from "./your-data-card";
import { BrandVoiceCard } from "../voice/brand-voice-card";

/** The Account page's settings: sign-in details, time zone, brand voice, sessions, the data export and deletion. */
export function AccountSettings() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <section aria-label="Account settings" className="mt-8 grid gap-6">
      <div className="grid gap-6 lg:grid-cols-2">
        <ChangePasswordCard />
        <EmailCard email={user.email} />
      </div>
      <TimeZoneCard timeZone={user.timeZone} />
      <BrandVoiceCard />
      <SessionsCard />
      <YourDataCard isAdmin={user.isAdmin} />
    </section>
  );
}
