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

/** Sets a new password from the emailed link (?token=…), with register's rules; signs in afterwards. */
export function ResetPasswordPage() {
  const [token] = useState(() => new URLSearchParams(window.location.search).get("token") ?? "");
  const [form, setForm] = useState({ password: "", confirmPassword: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const onSuccess = useAuthSuccess();
  const reset = useMutation({
    mutationFn: (input: { token: string; password: string }) =>
      apiRequest("POST", "/api/password/reset", input),
    onSuccess: () => onSuccess("Password changed", "You're signed in with your new password."),
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
