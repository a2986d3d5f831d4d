import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Badge, Banner, BlockStack, Button, Card, InlineGrid, InlineStack, Page, Text } from "@shopify/polaris";
import { catalogPlan } from "@postwright/core/billing";
import { isAppError } from "@postwright/core/errors";
import { chooseShopPlan, confirmShopPlan, getShopPlans } from "@postwright/core/shopify-shops";
import { actionError } from "../action-error.server";
import { readForm } from "../read-form.server";
import { billingFor } from "../context.server";
import { boundary } from "@shopify/shopify-app-remix/server";
import { authenticate } from "../shopify.server";
import { shopAccount } from "../shop-account.server";

// Plans are bought through Shopify's Billing API (App Store apps must bill through Shopify), by the core's Shopify
// billing provider. The plan changes when Shopify reports the subscription active (app_subscriptions/update, or the
// merchant's return here with charge_id), not when the merchant clicks.
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  // A first visit may open this page before any other: the shop's account is found or made here too.
  const { ctx } = await shopAccount(session.shop, admin);
  const deps = { prisma: ctx.db.prisma, billing: billingFor(ctx) };
  const chargeId = new URL(request.url).searchParams.get("charge_id");
  let notice: string | null = null;
  if (chargeId) {
    try {
      await confirmShopPlan(deps, { shop: session.shop, chargeId });
    } catch (error) {
      if (!isAppError(error)) throw error;
      notice = error.message;
    }
  }
  return { ...(await getShopPlans(deps, { shop: session.shop })), freeFeatures: catalogPlan("free").features, notice };
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session, redirect, admin } = await authenticate.admin(request);
  try {
    const { ctx } = await shopAccount(session.shop, admin);
    const form = await readForm(request);
    const { url } = await chooseShopPlan(
      { prisma: ctx.db.prisma, billing: billingFor(ctx) },
      { shop: session.shop, planKey: String(form.get("plan") ?? "") },
    );
    // Shopify's confirmation page opens in the whole admin window, not inside the app's frame.
    if (url) return redirect(url, { target: "_top" });
    return { message: "Your subscription is cancelled. You are back on the Free plan." };
  } catch (error) {
    return actionError(error);
  }
};

// The confirmation redirect is thrown as a 401 naming Shopify's page in a header, which App Bridge follows: the
// header must reach the browser with single fetch too, so this route passes a thrown answer's headers on.
export const headers: HeadersFunction = (headersArgs) => boundary.headers(headersArgs);

export default function Plans() {
  const { plan, canCancel, offers, freeFeatures, notice } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const message = answer?.message ?? notice;
  const onFree = !offers.some((offer) => offer.current);
  return (
    <Page title="Plans" backAction={{ content: "Home", url: "/app" }}>
      <BlockStack gap="400">
        {message ? <Banner title={message} /> : null}
        <Text as="p">You are on the {plan} plan. Your first paid plan starts with a 7-day free trial.</Text>
        <InlineGrid columns={{ xs: 1, md: 2 }} gap="400">
          {onFree ? (
            <PlanCard name="Free" price="$0" features={freeFeatures} current>
              {null}
            </PlanCard>
          ) : null}
          {offers.map((offer) => (
            <PlanCard
              key={offer.key}
              name={offer.key}
              price={offer.price}
              features={offer.features}
              current={offer.current}
            >
              {offer.current ? null : (
                <Form method="post">
                  <input type="hidden" name="plan" value={offer.key} />
                  <Button submit variant="primary">
                    {`Choose ${offer.key}`}
                  </Button>
                </Form>
              )}
            </PlanCard>
          ))}
        </InlineGrid>
        {canCancel ? (
          <Form method="post">
            <input type="hidden" name="plan" value="free" />
            <Button submit tone="critical">
              Cancel my subscription
            </Button>
          </Form>
        ) : null}
      </BlockStack>
    </Page>
  );
}

/** One plan, as Shopify's own plan pages show them: name, price, what it gives, and "Current plan" on the shop's. */
function PlanCard(props: {
  name: string;
  price: string;
  features: string[];
  current: boolean;
  children: React.ReactNode;
}) {
  return (
    <div role="group" aria-label={`${props.name} plan`}>
      <Card background={props.current ? "bg-surface-secondary" : "bg-surface"}>
        <BlockStack gap="200">
          <InlineStack gap="200" blockAlign="center">
            <Text as="h2" variant="headingMd">
              {props.name}
            </Text>
            {props.current ? <Badge tone="success">Current plan</Badge> : null}
          </InlineStack>
          <Text as="p" variant="headingLg">
            {props.price}
          </Text>
          <BlockStack gap="100">
            {props.features.map((f) => (
              <Text as="p" key={f} tone="subdued">
                {f}
              </Text>
            ))}
          </BlockStack>
          {props.children}
        </BlockStack>
      </Card>
    </div>
  );
}
