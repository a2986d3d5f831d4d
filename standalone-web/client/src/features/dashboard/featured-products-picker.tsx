// "Featured products": the products of the owner's connected stores (the Shopify store, and WooCommerce on the
// WordPress site) a post can feature, searched by name in a combobox and picked up to the number one post can
// feature; and "Show product cards". Only the picked IDs are sent: the server reads each product from its store.
import type { StoreProduct } from "@postwright/core/contracts";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { X } from "lucide-react";
import { useEffect, useId, useState, type KeyboardEvent } from "react";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { errorMessage, routeQuery } from "../../lib/api";

/** How long the search waits after the last key before asking the stores. */
export const PRODUCT_SEARCH_DELAY_MS = 300;

const sourceLabel: Record<StoreProduct["source"], string> = { shopify: "Shopify", woocommerce: "WooCommerce" };

function useDebounced(value: string, delayMs: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** "19.00 USD" as the owner's browser writes money ("$19.00"); the text as it is when it is not an amount. */
function formatPrice(price: string | null): string | null {
  if (!price) return null;
  const [amount, currency] = price.split(" ");
  const value = Number(amount);
  if (!currency || !Number.isFinite(value)) return price;
  try {
    return new Intl.NumberFormat(undefined, { style: "currency", currency }).format(value);
  } catch {
    return price;
  }
}

function describe(product: StoreProduct): string {
  return [formatPrice(product.price), product.available ? "In stock" : "Sold out"].filter(Boolean).join(" · ");
}

export interface FeaturedProductsPickerProps {
  selected: StoreProduct[];
  onSelectedChange: (products: StoreProduct[]) => void;
  showProductCards: boolean;
  onShowProductCardsChange: (show: boolean) => void;
  disabled?: boolean;
}

/**
 * Shown only when one of the owner's connected stores sells products (a Shopify store, or a WordPress site running
 * WooCommerce); nothing otherwise.
 */
export function FeaturedProductsPicker({
  selected,
  onSelectedChange,
  showProductCards,
  onShowProductCardsChange,
  disabled = false,
}: FeaturedProductsPickerProps) {
  const id = useId();
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const words = useDebounced(text.trim(), PRODUCT_SEARCH_DELAY_MS);
  const search = useQuery({
    ...routeQuery(contract.searchStoreProducts, { query: { q: words } }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const answer = search.data;
  const pickedIds = new Set(selected.map((p) => p.id));
  const options = (answer?.products ?? []).filter((p) => !pickedIds.has(p.id));
  const max = answer?.maxFeatured ?? 5;
  const full = selected.length >= max;
  const waiting = search.isFetching || words !== text.trim();

  // Nothing to feature from: no store connected, or the WordPress site does not run WooCommerce.
  if (!answer || (answer.sources.length === 0 && answer.problems.length === 0 && selected.length === 0)) return null;

  const listId = `${id}-products`;
  const hintId = `${id}-hint`;
  const activeOption = open && active >= 0 ? options[active] : undefined;

  function pick(product: StoreProduct) {
    if (full) return;
    onSelectedChange([...selected, product]);
    setText("");
    setActive(-1);
    // The list closes so that it covers nothing below; typing or the arrow keys open it again.
    setOpen(false);
  }

  function remove(product: StoreProduct) {
    const rest = selected.filter((p) => p.id !== product.id);
    onSelectedChange(rest);
    if (rest.length === 0) onShowProductCardsChange(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (options.length ? (i + 1) % options.length : -1));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (options.length ? (i <= 0 ? options.length - 1 : i - 1) : -1));
    } else if (event.key === "Enter") {
      // Enter never submits the form from here: it picks the highlighted product.
      event.preventDefault();
      if (activeOption) pick(activeOption);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  const stores = (answer.sources.length ? answer.sources : ["shopify" as const]).map((s) => sourceLabel[s]);

  return (
    <fieldset className="grid gap-3" aria-describedby={hintId}>
      <legend className="mb-1 text-sm font-medium">
        Featured Products <span className="font-normal text-muted-foreground">(optional)</span>
      </legend>
      <p id={hintId} className="-mt-1 text-sm text-muted-foreground">
        Products from your {stores.join(" and ")} store the post should feature, up to {max}. Their names, prices and
        stock are read from the store when the post is written.
      </p>
      {answer.problems.map((problem) => (
        <p key={problem} role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ))}
      {selected.length > 0 ? (
        <ul aria-label="Picked products" className="flex flex-wrap gap-2">
          {selected.map((product) => (
            <li
              key={product.id}
              className="flex items-center gap-1 rounded-full border border-border bg-muted/40 py-1 pl-3 pr-1 text-sm"
            >
              <span>{product.title}</span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-6"
                onClick={() => remove(product)}
                aria-label={`Remove ${product.title}`}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="relative grid gap-1">
        <label htmlFor={`${id}-search`} className="text-sm font-medium">
          Search products
        </label>
        <Input
          id={`${id}-search`}
          role="combobox"
          aria-expanded={open && !full}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeOption ? `${listId}-${activeOption.id}` : undefined}
          autoComplete="off"
          placeholder={full ? `${max} products picked` : "Type a product name"}
          value={text}
          disabled={disabled || full}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onClick={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        {full ? (
          <p className="text-sm text-muted-foreground">
            A post can feature at most {max} products: remove one to pick another.
          </p>
        ) : null}
        <div
          hidden={!open || full}
          className="absolute top-full z-20 mt-1 w-full rounded-md border border-border bg-card text-card-foreground shadow-md"
        >
          <ul id={listId} role="listbox" aria-label="Products" className="max-h-72 overflow-y-auto py-1">
            {options.map((product, index) => (
              <li
                key={product.id}
                id={`${listId}-${product.id}`}
                role="option"
                aria-selected={index === active}
                // Picking happens before the field's blur closes the list.
                onMouseDown={(event) => {
                  event.preventDefault();
                  pick(product);
                }}
                onMouseEnter={() => setActive(index)}
                className={`flex cursor-pointer items-center gap-3 px-3 py-2 text-sm ${index === active ? "bg-muted" : ""}`}
              >
                {product.image ? (
                  <img src={product.image.url} alt="" className="size-8 shrink-0 rounded object-cover" />
                ) : (
                  <span aria-hidden="true" className="size-8 shrink-0 rounded bg-muted" />
                )}
                <span className="grid">
                  <span className="font-medium">{product.title}</span>
                  <span className="text-muted-foreground">
                    {describe(product)}
                    {answer.sources.length > 1 ? ` · ${sourceLabel[product.source]}` : ""}
                  </span>
                </span>
              </li>
            ))}
          </ul>
          <p
            role="status"
            className={options.length && !waiting ? "sr-only" : "px-3 py-2 text-sm text-muted-foreground"}
          >
            {search.isError
              ? errorMessage(search.error, "Your products could not be searched. Please try again.")
              : waiting
                ? "Searching your products..."
                : options.length
                  ? `${options.length} ${options.length === 1 ? "product" : "products"} found.`
                  : words
                    ? `No products match "${words}".`
                    : "No more products to pick."}
          </p>
        </div>
      </div>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          checked={showProductCards && selected.length > 0}
          disabled={disabled || selected.length === 0}
          onChange={(event) => onShowProductCardsChange(event.target.checked)}
        />
        Show product cards
      </label>
      <p className="-mt-2 text-sm text-muted-foreground">
        Each featured product also appears as a card (picture, name, price, stock and a View product link) after the
        paragraph that names it.
      </p>
    </fieldset>
  );
}
