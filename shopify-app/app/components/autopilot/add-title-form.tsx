// A title added by hand: its title, keywords (separated by commas) and notes for the writer; cleared once added.
import { Form } from "@remix-run/react";
import { Button, Card, FormLayout, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import { useAnswered, usePendingIntent } from "./plan-hooks";
import type { PlanAnswer } from "./types";

export function AddTitleForm({ answer }: { answer: PlanAnswer }) {
  const adding = usePendingIntent("add");
  const [title, setTitle] = useState("");
  const [keywords, setKeywords] = useState("");
  const [notes, setNotes] = useState("");
  useAnswered(answer, "add", () => {
    setTitle("");
    setKeywords("");
    setNotes("");
  });
  return (
    <Card>
      <Form method="post">
        <FormLayout>
          <Text as="h2" variant="headingMd">
            Add a title
          </Text>
          <input type="hidden" name="intent" value="add" />
          <TextField label="Title" name="title" value={title} onChange={setTitle} autoComplete="off" />
          <TextField
            label="Keywords"
            name="keywords"
            value={keywords}
            onChange={setKeywords}
            autoComplete="off"
            helpText="Separate keywords with commas"
          />
          <TextField
            label="Notes for the writer"
            name="notes"
            value={notes}
            onChange={setNotes}
            autoComplete="off"
            multiline={3}
          />
          <Button submit loading={adding} disabled={!title.trim()}>
            Add title
          </Button>
        </FormLayout>
      </Form>
    </Card>
  );
}
