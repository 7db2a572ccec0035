import type { ReactNode } from "react";
import { Brand } from "../../components/layout/brand";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";

export function AuthLayout({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-screen flex-col items-center bg-background px-4 py-10 sm:py-16">
      <div className="mb-8">
        <Brand />
      </div>
      <main className="w-full max-w-md">
        <Card className="shadow-sm">
          <CardHeader className="text-center">
            <CardTitle role="heading" aria-level={1} className="text-3xl font-medium text-primary">
              {title}
            </CardTitle>
            <CardDescription className="text-base">{description}</CardDescription>
          </CardHeader>
          <CardContent>{children}</CardContent>
        </Card>
      </main>
    </div>
  );
}
