import type { ShopifyConnectionView, ShopifyTestResult } from "@postwright/core/contracts";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "../../components/ui/button";
import { DialogFooter, DialogHeading } from "../../components/ui/dialog";
import { BoundForm } from "../../components/ui/bound-form";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "../../components/ui/form";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../components/ui/select";
import { TextField, type TextFieldProps } from "../../components/ui/text-field";
import { toast } from "../../hooks/use-toast";
import { callRoute, errorMessage } from "../../lib/api";
import { shopifyConnectionKey } from "./dashboard-queries";
import { toastFailure } from "../../lib/failure-toast";

/**
 * The API's older shape asks for an API key and a password; a custom app has only an access token, which goes in as
 * the password beside this fixed placeholder (and as accessToken, the current name).
 */
export const SHOPIFY_API_KEY_PLACEHOLDER = "custom-app";

interface ShopifyFormValues {
  storeName: string;
  storeUrl: string;
  accessToken: string;
  blogId: string;
}

const filled = (message: string) => ({
  validate: (value: string) => value.trim() !== "" || message,
});

/** The dialog's form: test the address and token, pick the blog among those the store returns, save. */
export default function ShopifyConnectForm({
  connection,
  onDone,
}: {
  connection: ShopifyConnectionView | null;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [blogs, setBlogs] = useState<ShopifyTestResult["blogs"] | null>(null);
  const form = useForm<ShopifyFormValues>({
    defaultValues: {
      storeName: connection?.storeName ?? "",
      storeUrl: connection?.storeUrl ?? "",
      accessToken: "",
      blogId: "",
    },
  });

  // Blogs belong to the store that was tested: a new address or token needs a new test.
  function credentialsChanged() {
    if (blogs === null) return;
    setBlogs(null);
    form.setValue("blogId", "");
  }

  const test = useMutation({
    mutationFn: ({ storeUrl, accessToken }: { storeUrl: string; accessToken: string }) =>
      callRoute(contract.testShopifyConnection, {
        body: { storeUrl, apiKey: SHOPIFY_API_KEY_PLACEHOLDER, password: accessToken, accessToken },
      }),
    onSuccess: (result) => {
      if (!result?.valid) {
        setBlogs(null);
        toast({
          title: "Error",
          description: ["Connection failed. Please check your credentials.", result?.message].filter(Boolean).join(" "),
          variant: "destructive",
        });
        return;
      }
      setBlogs(result.blogs);
      const only = result.blogs.length === 1 ? result.blogs[0] : undefined;
      if (only) form.setValue("blogId", only.id, { shouldValidate: true });
      toast({ title: "Success", description: "Connection successful! Please select a blog." });
    },
    onError: (error) => {
      setBlogs(null);
      toast({ title: "Error", description: errorMessage(error, "Failed to test connection"), variant: "destructive" });
    },
  });

  const save = useMutation({
    mutationFn: (values: ShopifyFormValues) =>
      callRoute(contract.saveShopifyConnection, {
        body: {
          storeName: values.storeName.trim(),
          storeUrl: values.storeUrl.trim(),
          accessToken: values.accessToken.trim(),
          blogId: values.blogId,
          apiKey: SHOPIFY_API_KEY_PLACEHOLDER,
          password: values.accessToken.trim(),
        },
      }),
    onSuccess: async () => {
      toast({ title: "Success", description: "Shopify connection created successfully" });
      await queryClient.invalidateQueries({ queryKey: shopifyConnectionKey, exact: true });
      onDone();
    },
    onError: toastFailure("Error", "Failed to create connection"),
  });

  function runTest() {
    const storeUrl = form.getValues("storeUrl").trim();
    const accessToken = form.getValues("accessToken").trim();
    if (!storeUrl || !accessToken) {
      toast({ title: "Error", description: "Please enter store URL and access token", variant: "destructive" });
      return;
    }
    test.mutate({ storeUrl, accessToken });
  }

  const blogListLoaded = blogs !== null && blogs.length > 0;

  /** A required text field of the connection; the message is its error while it is empty. */
  const field = (
    name: "storeName" | "storeUrl" | "accessToken",
    label: string,
    required: string,
    props: Omit<TextFieldProps<ShopifyFormValues>, "control" | "name" | "rules" | "label">,
  ) => <TextField control={form.control} name={name} rules={filled(required)} label={label} {...props} />;

  return (
    <>
      <DialogHeading
        title={connection ? "Configure Connection" : "Connect Shopify Store"}
        description="Publishing needs a private (custom) app in your store with read and write permission for blogs and blog articles."
      />
      <ol className="grid list-decimal gap-1 rounded-lg bg-muted/60 py-3 pl-8 pr-4 text-sm text-muted-foreground">
        <li>
          In Shopify admin, open{" "}
          <strong className="text-foreground">Settings → Apps and sales channels → Develop apps</strong> and create an
          app.
        </li>
        <li>
          Under Admin API scopes, allow <code className="text-foreground">read_content</code> and{" "}
          <code className="text-foreground">write_content</code> (blogs and articles), and{" "}
          <code className="text-foreground">write_files</code> to publish images.
        </li>
        <li>Install the app and copy its Admin API access token (it starts with shpat_).</li>
      </ol>
      <BoundForm form={form} onSubmit={(values) => save.mutate(values)}>
        {field("storeName", "Store Name", "Store name is required", {
          placeholder: "My Store",
          autoComplete: "organization",
        })}
        {field("storeUrl", "Store URL", "Store URL is required", {
          placeholder: "your-store.myshopify.com",
          inputMode: "url",
          autoComplete: "url",
          onChange: credentialsChanged,
          description: "With or without https://",
        })}
        {field("accessToken", "Access Token", "Access token is required", {
          type: "password",
          placeholder: "shpat_xxxxxxxxxxxxxxxxxxxxxxxx",
          autoComplete: "off",
          spellCheck: false,
          onChange: credentialsChanged,
          description: connection ? "Enter the token again to change the connection." : null,
        })}
        <Button
          type="button"
          variant="secondary"
          onClick={runTest}
          loading={test.isPending}
          className="justify-self-start"
        >
          {test.isPending ? "Testing..." : "Test Connection"}
        </Button>
        {blogs === null ? (
          <p className="-mt-2 text-sm text-muted-foreground">
            Test the connection to load the store&apos;s blogs, then choose the one to publish to.
          </p>
        ) : null}
        {blogs !== null && blogs.length === 0 ? (
          <p className="text-sm text-warning" role="status">
            This store has no blogs yet. Create one in Shopify (Online Store → Blog posts → Manage blogs), then test
            again.
          </p>
        ) : null}
        {blogListLoaded ? (
          <FormField
            control={form.control}
            name="blogId"
            rules={filled("Blog selection is required")}
            render={({ field }) => (
              <FormItem>
                <FormLabel>Select Blog</FormLabel>
                <Select value={field.value} onValueChange={field.onChange}>
                  <FormControl>
                    <SelectTrigger onBlur={field.onBlur}>
                      <SelectValue placeholder="Choose the blog to publish to" />
                    </SelectTrigger>
                  </FormControl>
                  <SelectContent>
                    {blogs.map((blog) => (
                      <SelectItem key={blog.id} value={blog.id}>
                        {blog.title}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
                <FormMessage />
              </FormItem>
            )}
          />
        ) : null}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={!blogListLoaded} loading={save.isPending}>
            {save.isPending ? "Saving..." : "Save Connection"}
          </Button>
        </DialogFooter>
      </BoundForm>
    </>
  );
}
