// The banner for a failed action, with the step that fixes it: a plan with more posts when the quota is reached or
// the plan lacks the feature, trying again when the writing model or Shopify is unavailable.
import { Banner } from "@shopify/polaris";

export interface Failure {
  message: string;
  status: number;
}

export function FailureBanner({ failure, onRetry }: { failure: Failure; onRetry?: () => void }) {
  if (failure.status === 402 || failure.status === 403) {
    return <Banner tone="critical" title={failure.message} action={{ content: "Upgrade your plan", url: "/app/plans" }} />;
  }
  if (failure.status === 502 || failure.status === 503) {
    return (
      <Banner
        tone="warning"
        title={failure.message}
        action={onRetry ? { content: "Try again", onAction: onRetry } : undefined}
      >
        <p>Nothing was lost. This is usually temporary: try again in a minute.</p>
      </Banner>
    );
  }
  return <Banner tone="critical" title={failure.message} />;
}
