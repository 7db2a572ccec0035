import { useMutation } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { PRODUCT_NAME } from "../../shared/constants";
import { type RegisterFormInput, type RegisterInput, registerFormSchema } from "../../shared/schemas";
import { Button } from "../components/ui/button";
import { AuthLayout } from "../features/auth/auth-layout";
import { firstErrorPerField } from "../features/auth/form-errors";
import { FormField } from "../features/auth/form-field";
import { useAuthSuccess } from "../features/auth/use-auth-success";
import { apiRequest, messageOf } from "../lib/api";
import { toast } from "../lib/toast-store";

const EMPTY_FORM: RegisterFormInput = {
  firstName: "",
  lastName: "",
  email: "",
  password: "",
  confirmPassword: "",
};

export function RegisterPage() {
  const [form, setForm] = useState<RegisterFormInput>(EMPTY_FORM);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const onSuccess = useAuthSuccess();
  const register = useMutation({
    mutationFn: (input: RegisterInput) => apiRequest("POST", "/api/register", input),
    onSuccess: () =>
      onSuccess(
        `Welcome to ${PRODUCT_NAME}!`,
        "Your account has been created successfully. Your 14-day free trial has started.",
      ),
    onError: (error) =>
      toast({
        title: "Registration failed",
        description: messageOf(error, "Please try again."),
        variant: "destructive",
      }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = registerFormSchema.safeParse(form);
    setErrors(parsed.success ? {} : firstErrorPerField(parsed.error));
    if (!parsed.success) return;
    // The confirmation never leaves the browser.
    const { confirmPassword: _confirm, ...account } = parsed.data;
    register.mutate(account);
  };
  const update = (field: keyof RegisterFormInput) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: event.target.value }));

  return (
    <AuthLayout title="Create Your Account" description="14-day free trial included">
      <form noValidate onSubmit={submit} className="grid gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField
            label="First name"
            autoComplete="given-name"
            value={form.firstName}
            onChange={update("firstName")}
            error={errors.firstName}
          />
          <FormField
            label="Last name"
            autoComplete="family-name"
            value={form.lastName}
            onChange={update("lastName")}
            error={errors.lastName}
          />
        </div>
        <FormField
          label="Email"
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={update("email")}
          error={errors.email}
        />
        <FormField
          label="Password"
          type="password"
          autoComplete="new-password"
          value={form.password}
          onChange={update("password")}
          error={errors.password}
        />
        <FormField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={update("confirmPassword")}
          error={errors.confirmPassword}
        />
        <Button type="submit" size="lg" disabled={register.isPending}>
          {register.isPending ? "Creating Account..." : "Create Account"}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        Already have an account?{" "}
        <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
          Sign in
        </Link>
      </p>
    </AuthLayout>
  );
}
