import { type Settings, settingsSchema, themeSchema } from '@kaushal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell, Globe, Palette, Shield } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast-store';
import { currentLanguage, t } from '@/lib/i18n/i18n';
import { chooseLanguage } from '@/lib/i18n/language-choice';
import { useSignedInUser } from '@/lib/session';
import { applyTheme, readStoredTheme, storeTheme } from '@/lib/theme';
import { usePageTitle } from '@/lib/use-page-title';
import { type EditableSettings, settingsQuery, settingsQueryKey, useSaveSettings } from './api/settings';
import { DeleteAccountDialog } from './components/delete-account-dialog';
import { SettingSwitch } from './components/setting-switch';
import { SettingsCard } from './components/settings-card';
import { LANGUAGE_OPTIONS, THEME_OPTIONS } from './lib/settings-options';

const editable = ({ playbackRate: _speed, ...rest }: Settings): EditableSettings => rest;

export function SettingsPage() {
  usePageTitle(t('Settings'));
  const user = useSignedInUser();
  const query = useQuery(settingsQuery(user.id));

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 md:px-8">
      <header className="space-y-1">
        <h1 className="text-3xl font-bold">{t('Settings')}</h1>
        <p className="text-muted">{t('Manage your notifications, appearance and account.')}</p>
      </header>
      {query.data ? (
        <SettingsForm saved={query.data} userId={user.id} email={user.email} />
      ) : query.isError ? (
        <div role="alert" className="space-y-3 rounded-2xl border border-danger/50 bg-surface p-6">
          <p className="font-semibold">{t('Failed to load your settings. Please try again.')}</p>
          <Button variant="secondary" onClick={() => query.refetch()} disabled={query.isFetching}>
            {t('Retry')}
          </Button>
        </div>
      ) : (
        <div className="space-y-6" aria-busy="true">
          <span className="sr-only" role="status">
            {t('Loading your settings…')}
          </span>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-40 rounded-2xl" />
          ))}
        </div>
      )}
    </div>
  );
}

function SettingsForm({ saved, userId, email }: { saved: Settings; userId: string; email: string }) {
  const [draft, setDraft] = useState<EditableSettings>(() => editable(saved));
  const save = useSaveSettings(userId);
  const set = <K extends keyof EditableSettings>(key: K, value: EditableSettings[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  // The theme previews on the whole app as soon as it is chosen; leaving without saving puts the saved one
  // back, read at that moment: after a save it is the new one, after account deletion there is none (default).
  const queryClient = useQueryClient();
  useEffect(() => {
    applyTheme(draft.theme);
  }, [draft.theme]);
  useEffect(
    () => () => {
      const latest = queryClient.getQueryData<Settings>(settingsQueryKey(userId));
      applyTheme(latest?.theme ?? readStoredTheme());
    },
    [queryClient, userId],
  );

  const onSave = () => {
    save.mutate(draft, {
      onSuccess: async (settings) => {
        storeTheme(settings.theme);
        // The interface turns to the saved language first, so the confirmation already speaks it.
        if (settings.language !== currentLanguage()) await chooseLanguage(settings.language).catch(() => undefined);
        toast({
          title: t('Settings Saved'),
          description: t('Your preferences have been updated successfully.'),
          variant: 'success',
        });
      },
      onError: () =>
        toast({
          title: t('Error'),
          description: t('Failed to save settings. Please try again.'),
          variant: 'destructive',
        }),
    });
  };

  return (
    <>
      <SettingsCard
        id="settings-notifications"
        title={t('Notifications')}
        description={t(
          'Saved with your account. We send no emails, browser notifications or reminders yet; your choices apply once we do.',
        )}
        Icon={Bell}
      >
        <SettingSwitch
          id="email-notifications"
          label={t('Email Notifications')}
          description={t('Course updates and announcements by email.')}
          checked={draft.emailNotifications}
          onCheckedChange={(v) => set('emailNotifications', v)}
        />
        <SettingSwitch
          id="push-notifications"
          label={t('Push Notifications')}
          description={t('Notifications in your browser.')}
          checked={draft.pushNotifications}
          onCheckedChange={(v) => set('pushNotifications', v)}
        />
        <SettingSwitch
          id="course-reminders"
          label={t('Course Reminders')}
          description={t('A nudge to keep going with the courses you started.')}
          checked={draft.courseReminders}
          onCheckedChange={(v) => set('courseReminders', v)}
        />
      </SettingsCard>

      <SettingsCard
        id="settings-appearance"
        title={t('Appearance')}
        description={t('How the app looks.')}
        Icon={Palette}
      >
        <div className="grid gap-2 py-3">
          <Label htmlFor="theme">{t('Theme')}</Label>
          <Select
            id="theme"
            value={draft.theme}
            onChange={(e) => {
              const theme = themeSchema.safeParse(e.target.value);
              if (theme.success) set('theme', theme.data);
            }}
          >
            {THEME_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {t(o.label)}
              </option>
            ))}
          </Select>
        </div>
      </SettingsCard>

      <SettingsCard
        id="settings-language"
        title={t('Language and Region')}
        description={t('Your preferred language.')}
        Icon={Globe}
      >
        <div className="grid gap-2 py-3">
          <Label htmlFor="language">{t('Language')}</Label>
          <Select
            id="language"
            value={draft.language}
            aria-describedby="language-note"
            onChange={(e) => {
              const language = settingsSchema.shape.language.safeParse(e.target.value);
              if (language.success) set('language', language.data);
            }}
          >
            {LANGUAGE_OPTIONS.map((o) => (
              <option key={o.value} value={o.value} lang={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
          <p id="language-note" className="text-sm text-muted">
            {t(
              'Saved with your account and used on this device. Course content stays in the language it was written in.',
            )}
          </p>
        </div>
      </SettingsCard>

      <SettingsCard
        id="settings-privacy"
        title={t('Privacy and Security')}
        description={t('Downloads and your account.')}
        Icon={Shield}
      >
        <SettingSwitch
          id="auto-download"
          label={t('Auto-download Videos')}
          description={t(
            'Saved with your account. Lessons stream while you watch; downloading them for offline viewing is not available yet.',
          )}
          checked={draft.autoDownloadVideos}
          onCheckedChange={(v) => set('autoDownloadVideos', v)}
        />
        <div className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="space-y-0.5">
            <p className="text-sm font-medium">{t('Delete Account')}</p>
            <p className="text-sm text-muted">{t('Remove your account and your learning data for good.')}</p>
          </div>
          <DeleteAccountDialog email={email} />
        </div>
      </SettingsCard>

      <div className="flex justify-end">
        <Button onClick={onSave} disabled={save.isPending} size="lg">
          {save.isPending ? t('Saving…') : t('Save Settings')}
        </Button>
      </div>
    </>
  );
}
