import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Banner, BlockStack, Button, Card, InlineGrid, Page, Text } from "@shopify/polaris";
import { catalogPlan, getEntitlements } from "@postwright/core/billing";
import { findShopifyPlan, shopifyPlans } from "@postwright/core/shops";
import { actionError } from "../action-error.server";
import { shopAccount } from "../shop-account.server";
import { authenticate } from "../shopify.server";

// Plans are bought through Shopify's Billing API (App Store apps must bill through Shopify). The plan changes when
// Shopify reports the subscription active (app_subscriptions/update), not when the merchant clicks.
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session, billing } = await authenticate.admin(request);
  const { ctx, user } = await shopAccount(session.shop);
  const [entitlements, current] = await Promise.all([
    getEntitlements({ prisma: ctx.db.prisma }, user.id),
    billing.check({ isTest: !ctx.config.isProduction }),
  ]);
  return {
    plan: catalogPlan(entitlements.plan).displayName,
    subscriptions: current.appSubscriptions.map((s) => ({ id: s.id, name: s.name })),
    offers: shopifyPlans.map((p) => ({
      key: p.key,
      price: `$${p.amount.toFixed(2)} / ${p.interval}`,
      features: catalogPlan(p.plan).features,
    })),
  };
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session, billing } = await authenticate.admin(request);
  try {
    const { ctx } = await shopAccount(session.shop);
    const form = await request.formData();
    const isTest = !ctx.config.isProduction;
    if (form.get("intent") === "cancel") {
      await billing.cancel({ subscriptionId: String(form.get("subscriptionId") ?? ""), isTest, prorate: true });
      return { message: "Your subscription is cancelled. You are back on the Free plan." };
    }
    const plan = findShopifyPlan(String(form.get("plan") ?? ""));
    if (!plan) return { message: "Choose one of the plans shown." };
    // Throws the redirect to Shopify's confirmation page.
    await billing.request({
      plan: plan.key,
      isTest,
      returnUrl: `https://admin.shopify.com/store/${session.shop.replace(".myshopify.com", "")}/apps/${ctx.shopify.apiKey}/app/plans`,
    });
    return { message: "" };
  } catch (error) {
    return actionError(error);
  }
};

export default function Plans() {
  const { plan, subscriptions, offers } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <Page title="Plans" backAction={{ content: "Home", url: "/app" }}>
      <BlockStack gap="400">
        {answer?.message ? <Banner title={answer.message} /> : null}
        <Text as="p">You are on the {plan} plan. Paid plans start with a 7-day free trial.</Text>
        <InlineGrid columns={{ xs: 1, md: 2 }} gap="400">
          {offers.map((offer) => (
            <Card key={offer.key}>
              <BlockStack gap="200">
                <Text as="h2" variant="headingMd">
                  {offer.key}
                </Text>
                <Text as="p">{offer.price}</Text>
                {offer.features.map((f) => (
                  <Text as="p" key={f} tone="subdued">
                    {f}
                  </Text>
                ))}
                <Form method="post">
                  <input type="hidden" name="plan" value={offer.key} />
                  <Button submit variant="primary">
                    Choose {offer.key}
                  </Button>
                </Form>
              </BlockStack>
            </Card>
          ))}
        </InlineGrid>
        {subscriptions.map((s) => (
          <Form method="post" key={s.id}>
            <input type="hidden" name="intent" value="cancel" />
            <input type="hidden" name="subscriptionId" value={s.id} />
            <Button submit tone="critical">
              {`Cancel ${s.name}`}
            </Button>
          </Form>
        ))}
      </BlockStack>
    </Page>
  );
}
