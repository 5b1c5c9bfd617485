import { createRecipeContext, type HTMLChakraProps, type RecipeProps } from '@chakra-ui/react';

export type LinkButtonProps = HTMLChakraProps<'a', RecipeProps<'button'>>;

const { withContext } = createRecipeContext({ key: 'button' });

/**
 * A link drawn as a button: the button recipe (every variant, size and palette of `<Button>`) on
 * an `<a>`. With a router link: `<LinkButton asChild><RouterLink to="/x">…</RouterLink></LinkButton>`.
 *
 * Not `<Button asChild>`: Chakra's Button always sets `type="button"` and `asChild` hands it to the
 * anchor, and `type` on `<a>` must be a MIME type (the Nu Html Checker: Bad value “button” for
 * attribute “type” on element “a”). Upstream, the same with v1's `as` prop:
 * https://github.com/chakra-ui/chakra-ui/issues/770 (closed; 3.37's Button still sets the type first
 * and asChild still passes it on). Lint forbids `<Button asChild>` (eslint.config.js).
 */
export const LinkButton = withContext<HTMLAnchorElement, LinkButtonProps>('a');
