import { nameSchema, type User } from '@kaushal/contract';
import { Pencil } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast-store';
import { UserAvatar } from '@/components/ui/user-avatar';
import { ApiError } from '@/lib/api-client';
import { msg, t, translateText } from '@/lib/i18n/i18n';
import { useUpdateProfile } from '../api/update-profile';

/**
 * The learner's avatar, full name and email. View mode shows them; Edit Profile makes the name editable;
 * Save Changes saves it on the server, Cancel puts the saved name back. The email cannot be changed.
 */
export function PersonalInformationCard({ user }: { user: User }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(user.name);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateProfile();
  const shownName = editing ? name : user.name;
  const nameInput = useRef<HTMLInputElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const switched = useRef(false);

  // Keyboard users land where the next step is: the name field when editing starts, Edit Profile after.
  useEffect(() => {
    if (!switched.current) return;
    if (editing) nameInput.current?.focus();
    else editButton.current?.focus();
  }, [editing]);
  const setMode = (next: boolean) => {
    switched.current = true;
    setEditing(next);
  };

  const startEditing = () => {
    setName(user.name);
    setError(null);
    setMode(true);
  };
  const cancel = () => {
    setName(user.name);
    setError(null);
    setMode(false);
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    const parsed = nameSchema.safeParse(name);
    if (!parsed.success) {
      setError(translateText(parsed.error.issues[0]?.message ?? msg('Please enter your name.')));
      return;
    }
    setError(null);
    update.mutate(
      { name: parsed.data },
      {
        onSuccess: (saved) => {
          setName(saved.name);
          setMode(false);
          toast({
            title: msg('Profile Updated'),
            description: msg('Your profile has been updated successfully.'),
            variant: 'success',
          });
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.status === 400 && failure.detail) setError(failure.detail);
          toast({
            title: msg('Error'),
            description: msg('Failed to update profile. Please try again.'),
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <Card role="region" aria-labelledby="personal-information-title" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CardTitle id="personal-information-title">{t('Personal Information')}</CardTitle>
        {!editing && (
          <Button ref={editButton} variant="outline" onClick={startEditing}>
            <Pencil aria-hidden="true" />
            {t('Edit Profile')}
          </Button>
        )}
      </div>

      <div className="flex items-center gap-4">
        <UserAvatar name={shownName} src={user.avatarUrl} className="size-20 text-2xl" />
        <div className="min-w-0">
          <p className="truncate text-xl font-semibold">{user.name}</p>
          <p className="truncate text-sm text-muted">{user.email}</p>
        </div>
      </div>

      <form className="grid gap-5" onSubmit={save} noValidate>
        <div className="grid gap-2">
          <Label htmlFor="profile-name">{t('Full Name')}</Label>
          <Input
            ref={nameInput}
            id="profile-name"
            name="name"
            autoComplete="name"
            value={shownName}
            onChange={(e) => setName(e.target.value)}
            readOnly={!editing}
            disabled={update.isPending}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'profile-name-error' : undefined}
            className={editing ? undefined : 'cursor-default border-transparent bg-transparent px-0'}
          />
          {error && (
            <p id="profile-name-error" role="alert" className="text-sm text-danger">
              {error}
            </p>
          )}
        </div>
        <div className="grid gap-2">
          <Label htmlFor="profile-email">{t('Email')}</Label>
          <Input id="profile-email" type="email" value={user.email} disabled aria-describedby="profile-email-note" />
          <p id="profile-email-note" className="text-sm text-muted">
            {t('Cannot be changed')}
          </p>
        </div>
        {editing && (
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={cancel} disabled={update.isPending}>
              {t('Cancel')}
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? t('Saving…') : t('Save Changes')}
            </Button>
          </div>
        )}
      </form>
    </Card>
  );
}
