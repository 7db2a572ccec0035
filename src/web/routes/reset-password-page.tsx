import { useMutation } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { resetPasswordFormSchema } from "../../shared/schemas";
import { Button } from "../components/ui/button";
import { AuthLayout } from "../features/auth/auth-layout";
import { firstErrorPerField } from "../features/auth/form-errors";
import { FormField } from "../features/auth/form-field";
import { useAuthSuccess } from "../features/auth/use-auth-success";
import { ApiError, apiRequest, messageOf } from "../lib/api";
import { toast } from "../lib/toast-store";

const keyCount = (n: number) => (n === 1 ? "one API key" : `${n} API keys`);
const DONE_TITLE = "Password changed";
const DONE_TEXT = "You're signed in with your new password.";

/** API keys outlive the reset: says how many still work and offers to revoke them all at once. */
function ApiKeysAfterReset({
  revoked,
  active,
  onDone,
}: {
  revoked: number;
  active: number;
  onDone: (description: string) => void;
}) {
  const revokeAll = useMutation({
    mutationFn: () => apiRequest<{ revoked: number }>("POST", "/api/auth/api-keys/revoke"),
    onSuccess: ({ revoked: count }) =>
      onDone(
        count === 0
          ? DONE_TEXT
          : `${DONE_TEXT} ${count === 1 ? "One API key was" : `${count} API keys were`} revoked.`,
      ),
    onError: (error) =>
      toast({
        title: "API keys not revoked",
        description: messageOf(error, "Please try again."),
        variant: "destructive",
      }),
  });
  return (
    <section aria-labelledby="api-keys-after-reset" className="grid gap-4">
      <h2 id="api-keys-after-reset" className="text-lg font-semibold">
        Your password is changed
      </h2>
      {revoked > 0 && (
        <p>
          We revoked {keyCount(revoked)} made in the 24 hours before this reset, in case someone else made{" "}
          {revoked === 1 ? "it" : "them"}.
        </p>
      )}
      {active > 0 && (
        <p>
          Your account still has {keyCount(active)} active. Keys keep working after a password change. If
          someone else may have used your account, revoke them; a case system using them will then need a new
          key.
        </p>
      )}
      {active > 0 && (
        <Button variant="destructive" disabled={revokeAll.isPending} onClick={() => revokeAll.mutate()}>
          {revokeAll.isPending ? "Revoking..." : `Revoke All ${active === 1 ? "" : `${active} `}API Keys`}
        </Button>
      )}
      <Button variant="outline" disabled={revokeAll.isPending} onClick={() => onDone(DONE_TEXT)}>
        {active > 0 ? "Keep Them and Continue" : "Continue"}
      </Button>
    </section>
  );
}

/** Sets a new password from the emailed link (?token=…), with register's rules; signs in afterwards. */
export function ResetPasswordPage() {
  const [token] = useState(() => new URLSearchParams(window.location.search).get("token") ?? "");
  const [form, setForm] = useState({ password: "", confirmPassword: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const onSuccess = useAuthSuccess();
  const [keys, setKeys] = useState<{ revoked: number; active: number } | null>(null);
  const reset = useMutation({
    mutationFn: async (input: { token: string; password: string }) => {
      const answer = await apiRequest<{ revokedApiKeys: number }>("POST", "/api/password/reset", input);
      // The password is changed whatever this says: a count that cannot be read only skips the offer.
      const { active } = await apiRequest<{ active: number }>("GET", "/api/auth/api-keys").catch(() => ({
        active: 0,
      }));
      return { revoked: answer.revokedApiKeys, active };
    },
    onSuccess: (found) => {
      if (found.revoked > 0 || found.active > 0) setKeys(found);
      else void onSuccess(DONE_TITLE, DONE_TEXT); // cannot reject: refetchQueries keeps its errors
    },
    onError: (error) => {
      const message = messageOf(error, "Please try again.");
      if (error instanceof ApiError && error.status === 400 && message.includes("link"))
        setErrors({ token: message });
      toast({ title: "Password not changed", description: message, variant: "destructive" });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = resetPasswordFormSchema.safeParse({ token, ...form });
    setErrors(parsed.success ? {} : firstErrorPerField(parsed.error));
    if (parsed.success) reset.mutate({ token: parsed.data.token, password: parsed.data.password });
  };
  const update = (field: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: event.target.value }));

  if (keys) {
    return (
      <AuthLayout title="Choose a new password" description="Other devices are signed out.">
        <ApiKeysAfterReset {...keys} onDone={(description) => onSuccess(DONE_TITLE, description)} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Choose a new password"
      description="Use at least 8 characters. Other devices will be signed out."
    >
      <form noValidate onSubmit={submit} className="grid gap-5">
        {errors.token && (
          <p
            role="alert"
            className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
          >
            {errors.token}{" "}
            <Link to="/forgot-password" className="font-medium underline underline-offset-4">
              Ask for a new link
            </Link>
          </p>
        )}
        <FormField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={form.password}
          onChange={update("password")}
          error={errors.password}
        />
        <FormField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={update("confirmPassword")}
          error={errors.confirmPassword}
        />
        <Button type="submit" size="lg" disabled={reset.isPending}>
          {reset.isPending ? "Saving..." : "Set New Password"}
        </Button>
      </form>
    </AuthLayout>
  );
}
