// Titles from a CSV file, read in the browser and sent as text; a refused file lists every row to fix.
import { Form } from "@remix-run/react";
import { Banner, BlockStack, Box, Button, Card, DropZone, InlineStack, List, Text } from "@shopify/polaris";
import { useState } from "react";
import { useAnswered, usePendingIntent } from "./plan-hooks";
import type { CsvProblem, PlanAnswer } from "./types";

export function ImportCsvForm({ answer }: { answer: PlanAnswer }) {
  const importing = usePendingIntent("import");
  const [csv, setCsv] = useState("");
  const [fileName, setFileName] = useState("");
  useAnswered(answer, "import", () => {
    setCsv("");
    setFileName("");
  });
  const problems: CsvProblem[] = answer && "problems" in answer ? (answer.problems as CsvProblem[]) : [];
  return (
    <Card>
      <Form method="post">
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            Import titles from CSV
          </Text>
          <Text as="p" tone="subdued">
            A header row naming title and keywords (keywords separated by ; or |), and optionally notes and date
            (YYYY-MM-DD). If any row is wrong, nothing is imported.
          </Text>
          <input type="hidden" name="intent" value="import" />
          <input type="hidden" name="csv" value={csv} />
          <DropZone
            label="CSV file"
            accept=".csv,text/csv"
            type="file"
            allowMultiple={false}
            onDrop={(files: File[]) => {
              const file = files[0];
              if (!file) return;
              setFileName(file.name);
              // Read here, sent as text: the server never receives the file itself.
              void file.text().then(setCsv);
            }}
          >
            {fileName ? (
              <Box padding="400">
                <Text as="p" alignment="center">
                  {fileName}
                </Text>
              </Box>
            ) : (
              <DropZone.FileUpload actionTitle="Choose a CSV file" actionHint="or drop it here" />
            )}
          </DropZone>
          {problems.length > 0 ? (
            <Banner tone="critical" title="Fix these rows, then import the file again">
              <List>
                {problems.map((problem) => (
                  <List.Item key={`${problem.line}:${problem.reason}`}>
                    {problem.line > 0 ? `Line ${problem.line}: ${problem.reason}` : problem.reason}
                  </List.Item>
                ))}
              </List>
            </Banner>
          ) : null}
          <InlineStack>
            <Button submit loading={importing} disabled={!csv}>
              Import titles
            </Button>
          </InlineStack>
        </BlockStack>
      </Form>
    </Card>
  );
}
