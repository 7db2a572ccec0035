import { useMutation } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import type { LoginInput } from "../../shared/schemas";
import { Button } from "../components/ui/button";
import { AuthLayout } from "../features/auth/auth-layout";
import { firstErrorPerField } from "../features/auth/form-errors";
import { FormField } from "../features/auth/form-field";
import { useAuthSuccess } from "../features/auth/use-auth-success";
import { apiRequest, messageOf } from "../lib/api";
import { toast } from "../lib/toast-store";

// The shared schemas (and zod with them) load once the visitor starts on the form, not with the
// page: a first visit on a slow phone shows the sign-in form sooner.
const loadSchemas = () => import("../../shared/schemas");

export function LoginPage() {
  const [form, setForm] = useState<LoginInput>({ email: "", password: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const onSuccess = useAuthSuccess();
  const login = useMutation({
    mutationFn: (input: LoginInput) => apiRequest("POST", "/api/login", input),
    onSuccess: () => onSuccess("Welcome back!", "You have successfully signed in."),
    onError: (error) =>
      toast({
        title: "Sign in failed",
        description: messageOf(error, "Please check your email and password."),
        variant: "destructive",
      }),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { loginSchema } = await loadSchemas();
    const parsed = loginSchema.safeParse(form);
    setErrors(parsed.success ? {} : firstErrorPerField(parsed.error));
    if (parsed.success) login.mutate(parsed.data);
  };
  const update = (field: keyof LoginInput) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: event.target.value }));

  return (
    <AuthLayout title="Welcome Back" description="Sign in to continue your memorial programs.">
      <form noValidate onSubmit={submit} onFocus={() => void loadSchemas()} className="grid gap-5">
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
          autoComplete="current-password"
          value={form.password}
          onChange={update("password")}
          error={errors.password}
        />
        <div className="-mt-2 text-right text-sm">
          <Link to="/forgot-password" className="text-primary underline-offset-4 hover:underline">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" size="lg" disabled={login.isPending}>
          {login.isPending ? "Signing In..." : "Sign In"}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        New to Keepsake?{" "}
        <Link to="/register" className="font-medium text-primary underline-offset-4 hover:underline">
          Create an account
        </Link>
      </p>
    </AuthLayout>
  );
}
