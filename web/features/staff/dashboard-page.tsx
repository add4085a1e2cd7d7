// /admin/dashboard (docs/product.md, Staff dashboard): 'Verifying access...' while the session loads, /admin without
// one; then the summary, the weekly chart and the staff views (enrollments, contact messages, reviews, activity).
import { useQuery } from "@tanstack/react-query";
import {
  Archive,
  Award,
  BookOpen,
  CalendarDays,
  ClipboardList,
  FilePenLine,
  HandCoins,
  History,
  LoaderCircle,
  type LucideIcon,
  Mail,
  MessageSquareText,
  Send,
  ShieldAlert,
  ShieldCheck,
  SlidersHorizontal,
  Star,
  UserCog,
  Users,
  Wallet,
} from "lucide-react";
import { type ComponentType, useEffect, useState } from "react";
import { useLocation } from "wouter";
import { PageShell } from "@/components/layout/page-shell";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { BackupsPanel } from "@/features/backups/backups-panel";
import { CertificatesPanel } from "@/features/certificates/certificates-panel";
import { ContentPanel } from "@/features/content/content-panel";
import { LibraryPanel } from "@/features/library/library-panel";
import { ExampleDetailsBanner } from "@/features/settings/example-details-banner";
import { StaffNotificationsBanner } from "@/features/settings/staff-notifications-banner";
import { AccountSecurityPanel } from "@/features/staff/account-security-panel";
import { ActivityPanel } from "@/features/staff/activity-panel";
import { adminQueries } from "@/features/staff/api";
import { EnrollmentsPanel } from "@/features/staff/enrollments-panel";
import { useLoginToastGoesOnFirstAction } from "@/features/staff/login-toast";
import { MessagesPanel } from "@/features/staff/messages-panel";
import { OutboxPanel } from "@/features/staff/outbox-panel";
import { RecoveryCodesBanner } from "@/features/staff/recovery-codes-banner";
import { ReviewsPanel } from "@/features/staff/reviews-panel";
import { SessionActions } from "@/features/staff/session-actions";
import { SignInNoticeBanner } from "@/features/staff/sign-in-notice-banner";
import { SpamPanel } from "@/features/staff/spam-panel";
import { StepUpHost } from "@/features/staff/step-up-dialog";
import { SubscribersPanel } from "@/features/staff/subscribers-panel";
import { SummaryCards } from "@/features/staff/summary-cards";
import { TextsPanel } from "@/features/staff/texts-panel";
import { useSessionGuard } from "@/features/staff/use-session-guard";
import { WalletPaymentsPanel } from "@/features/staff/wallet-payments-panel";
import { WeeklyChart } from "@/features/staff/weekly-chart";
import { StaffAccountsPanel } from "@/features/staff-accounts/staff-accounts-panel";
import { IntakesPanel } from "@/features/training/intakes-panel";
import { useOnPlaceLink } from "@/features/training/place-link";
import { RefundsPanel } from "@/features/training/refunds-panel";
import { SettingsPanel } from "@/features/training/settings-panel";

export default function AdminDashboardPage() {
  const [, navigate] = useLocation();
  // Asked again on arrival: a sign-in step knows the username, but the role (which views to show) is the server's.
  const auth = useQuery({ ...adminQueries.auth(), refetchOnMount: "always" });
  const signedOut = auth.isError || (auth.isSuccess && !auth.data);

  useEffect(() => {
    if (signedOut) navigate("/admin", { replace: true });
  }, [signedOut, navigate]);

  if (!auth.data) return <VerifyingAccess />;
  return <Dashboard username={auth.data.username} owner={auth.data.role === "owner"} />;
}

function VerifyingAccess() {
  return (
    <PageShell mainClassName="flex items-center justify-center px-4 py-16">
      <h1 className="sr-only">Admin Dashboard</h1>
      <p role="status" className="flex items-center gap-3 text-base font-medium text-slate-700">
        <LoaderCircle
          className="size-5 animate-spin text-brand-700 motion-reduce:animate-none"
          aria-hidden="true"
        />
        Verifying access...
      </p>
    </PageShell>
  );
}

// One entry a view: its tab and its panel. The enrollments view stays mounted while hidden, so its tab, search and
// page survive a look at the other views; the Content view does once opened, so its unsaved forms survive too.
interface View {
  value: string;
  label: string;
  icon: LucideIcon;
  Panel: ComponentType;
  /** Stays mounted while hidden: from the start (true) or once opened. */
  keep?: boolean | "once-opened";
  /** Shown to owners only (the server refuses staff anyway). */
  ownerOnly?: boolean;
}

const VIEWS: readonly View[] = [
  { value: "enrollments", label: "Enrollments", icon: ClipboardList, Panel: EnrollmentsPanel, keep: true },
  { value: "intakes", label: "Intakes", icon: CalendarDays, Panel: IntakesPanel },
  { value: "refunds", label: "Refunds", icon: HandCoins, Panel: RefundsPanel },
  { value: "certificates", label: "Certificates", icon: Award, Panel: CertificatesPanel },
  { value: "messages", label: "Messages", icon: Mail, Panel: MessagesPanel },
  { value: "reviews", label: "Reviews", icon: Star, Panel: ReviewsPanel },
  { value: "subscribers", label: "Subscribers", icon: Users, Panel: SubscribersPanel },
  { value: "library", label: "Library", icon: BookOpen, Panel: LibraryPanel },
  { value: "content", label: "Content", icon: FilePenLine, Panel: ContentPanel, keep: "once-opened" },
  { value: "wallet-payments", label: "Wallet payments", icon: Wallet, Panel: WalletPaymentsPanel },
  { value: "outbox", label: "E-mail", icon: Send, Panel: OutboxPanel },
  { value: "texts", label: "Texts", icon: MessageSquareText, Panel: TextsPanel },
  { value: "spam", label: "Spam", icon: ShieldAlert, Panel: SpamPanel },
  { value: "activity", label: "Activity", icon: History, Panel: ActivityPanel },
  { value: "settings", label: "Settings", icon: SlidersHorizontal, Panel: SettingsPanel },
  { value: "backups", label: "Backups", icon: Archive, Panel: BackupsPanel, ownerOnly: true },
  { value: "account-security", label: "Account security", icon: ShieldCheck, Panel: AccountSecurityPanel },
  {
    value: "staff-accounts",
    label: "Staff accounts",
    icon: UserCog,
    Panel: StaffAccountsPanel,
    ownerOnly: true,
  },
];

function Dashboard({ username, owner }: { username: string; owner: boolean }) {
  const views = VIEWS.filter((view) => owner || !view.ownerOnly);
  const [view, setViewState] = useState("enrollments");
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set(["enrollments"]));
  const setView = (next: string) => {
    setViewState(next);
    setOpened((seen) => (seen.has(next) ? seen : new Set([...seen, next])));
  };
  useSessionGuard();
  useLoginToastGoesOnFirstAction();
  useOnPlaceLink(() => setView("intakes"));
  // The cards and the chart show the whole picture; the enrollment tabs count what the search matches.
  const summary = useQuery(adminQueries.summary());

  return (
    <PageShell actions={<SessionActions username={username} />}>
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-8 px-4 py-8 sm:px-6 sm:py-10">
        <div>
          <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">Admin Dashboard</h1>
          <p className="mt-1 text-sm text-slate-600">
            Course enrollments, contact messages, client reviews and portal subscribers. Times are shown in
            Fiji time.
          </p>
        </div>

        <SummaryCards summary={summary.data} />
        <WeeklyChart weekly={summary.data?.weekly} />

        <SignInNoticeBanner />
        <StaffNotificationsBanner onOpenSettings={() => setView("settings")} />
        <RecoveryCodesBanner onOpenSecurity={() => setView("account-security")} />
        <StepUpHost onOpenSecurity={() => setView("account-security")} />
        <ExampleDetailsBanner onOpenSettings={() => setView("settings")} />
        <Tabs value={view} onValueChange={setView}>
          <TabsList aria-label="Dashboard views">
            {views.map(({ value, label, icon: Icon }) => (
              <TabsTrigger key={value} value={value}>
                <Icon aria-hidden="true" />
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
          {views.map(({ value, Panel, keep }) => (
            <TabsContent
              key={value}
              value={value}
              forceMount={keep === true || (keep === "once-opened" && opened.has(value)) ? true : undefined}
            >
              <Panel />
            </TabsContent>
          ))}
        </Tabs>
      </div>
    </PageShell>
  );
}
