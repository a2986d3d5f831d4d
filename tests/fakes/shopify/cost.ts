// Query cost the way Shopify estimates it, roughly: scalars and enums are free, each object costs 1, a connection
// costs 2 plus its page size (`first`/`last`) times the cost of one node, and each mutation field costs 10.
// With the response data, the same walk gives the actual cost (connections counted by the nodes returned).
import {
  getArgumentValues,
  getDirectiveValues,
  getNamedType,
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  isCompositeType,
  isObjectType,
  isInterfaceType,
  Kind,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type DocumentNode,
  type FieldNode,
  type SelectionNode,
} from "graphql";

const MUTATION_COST = 10;
const CONNECTION_BASE_COST = 2;

interface Walk {
  schema: GraphQLSchema;
  variables: Record<string, unknown>;
  fragments: Map<string, FragmentDefinitionNode>;
}

export function calculateQueryCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
  data?: unknown,
): number {
  if (operation.operation === "mutation") {
    return collectFields(operation.selectionSet, schemaWalk(schema, document, variables)).length * MUTATION_COST;
  }
  const root = operation.operation === "query" ? schema.getQueryType() : schema.getSubscriptionType();
  if (!root) return 0;
  return selectionCost(root, operation.selectionSet, schemaWalk(schema, document, variables), data);
}

function schemaWalk(schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown>): Walk {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  return { schema, variables, fragments };
}

function included(node: SelectionNode, walk: Walk): boolean {
  if (getDirectiveValues(GraphQLSkipDirective, node, walk.variables)?.["if"] === true) return false;
  if (getDirectiveValues(GraphQLIncludeDirective, node, walk.variables)?.["if"] === false) return false;
  return true;
}

/** Fields selected in a selection set, fragments flattened, with the type each one was selected on. */
function collectFields(
  selectionSet: SelectionSetNode,
  walk: Walk,
  parentType?: GraphQLCompositeType,
): Array<{ node: FieldNode; parentType: GraphQLCompositeType | undefined }> {
  const fields: Array<{ node: FieldNode; parentType: GraphQLCompositeType | undefined }> = [];
  for (const selection of selectionSet.selections) {
    if (!included(selection, walk)) continue;
    if (selection.kind === Kind.FIELD) {
      fields.push({ node: selection, parentType });
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const typeName = selection.typeCondition?.name.value;
      const type = typeName ? walk.schema.getType(typeName) : parentType;
      fields.push(...collectFields(selection.selectionSet, walk, isCompositeType(type) ? type : parentType));
    } else {
      const fragment = walk.fragments.get(selection.name.value);
      if (!fragment) continue;
      const type = walk.schema.getType(fragment.typeCondition.name.value);
      fields.push(...collectFields(fragment.selectionSet, walk, isCompositeType(type) ? type : parentType));
    }
  }
  return fields;
}

function fieldDefinition(
  type: GraphQLCompositeType | undefined,
  name: string,
): GraphQLField<unknown, unknown> | undefined {
  if (type && (isObjectType(type) || isInterfaceType(type))) return type.getFields()[name];
  return undefined;
}

function selectionCost(
  parentType: GraphQLCompositeType,
  selectionSet: SelectionSetNode,
  walk: Walk,
  data: unknown,
): number {
  let cost = 0;
  for (const { node, parentType: selectedOn } of collectFields(selectionSet, walk, parentType)) {
    const definition = fieldDefinition(selectedOn ?? parentType, node.name.value);
    const selection = node.selectionSet;
    if (!definition || !selection) continue;
    const namedType = getNamedType(definition.type);
    if (!isCompositeType(namedType)) continue;
    const value =
      data === undefined ? undefined : (data as Record<string, unknown> | null)?.[node.alias?.value ?? node.name.value];
    if (data !== undefined && (value === null || value === undefined)) {
      cost += 1;
    } else if (namedType.name.endsWith("Connection") && isObjectType(namedType)) {
      cost += connectionCost(namedType, definition, node, walk, value);
    } else if (Array.isArray(value)) {
      cost += 1 + value.reduce<number>((sum, item) => sum + selectionCost(namedType, selection, walk, item), 0);
    } else {
      cost += 1 + selectionCost(namedType, selection, walk, value);
    }
  }
  return cost;
}

function connectionCost(
  connectionType: GraphQLCompositeType,
  definition: GraphQLField<unknown, unknown>,
  node: FieldNode,
  walk: Walk,
  value: unknown,
): number {
  const args = getArgumentValues(definition, node, walk.variables);
  const pageSize = Number(args["first"] ?? args["last"] ?? 0);
  let perNode = 0;
  let returned: number | undefined;
  for (const { node: child } of collectFields(node.selectionSet!, walk, connectionType)) {
    const childValue =
      value === undefined ? undefined : (value as Record<string, unknown>)[child.alias?.value ?? child.name.value];
    const nodeType = getNamedType(fieldDefinition(connectionType, child.name.value)?.type);
    if (!child.selectionSet || !nodeType || !isCompositeType(nodeType)) continue;
    if (child.name.value === "nodes") {
      perNode += 1 + selectionCost(nodeType, child.selectionSet, walk, undefined);
      if (Array.isArray(childValue)) returned = childValue.length;
    } else if (child.name.value === "edges") {
      for (const edgeField of collectFields(child.selectionSet, walk, nodeType)) {
        const edgeNodeType = getNamedType(fieldDefinition(nodeType, edgeField.node.name.value)?.type);
        if (edgeField.node.selectionSet && edgeNodeType && isCompositeType(edgeNodeType)) {
          perNode += 1 + selectionCost(edgeNodeType, edgeField.node.selectionSet, walk, undefined);
        }
      }
      if (Array.isArray(childValue)) returned = childValue.length;
    }
  }
  return CONNECTION_BASE_COST + (returned ?? pageSize) * perNode;
}
