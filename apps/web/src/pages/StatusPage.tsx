import { Anchor, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface StatusLink {
  to: string;
  label: string;
}

/** The frame of the public status pages (/unauthorized, /forbidden, /maintenance). */
export function StatusPage(props: {
  testId: string;
  title: string;
  lines: string[];
  links?: StatusLink[];
  children?: ReactNode;
}) {
  return (
    <Center mih="100vh" p="md" data-testid={props.testId}>
      <Paper withBorder shadow="sm" radius="md" p="xl" maw={480} w="100%">
        <Stack gap="sm" align="center" ta="center">
          <Title order={1}>{props.title}</Title>
          {props.lines.map((line) => (
            <Text key={line} c="dimmed">
              {line}
            </Text>
          ))}
          {props.links && (
            <Group gap="lg" justify="center" mt="sm">
              {props.links.map((link) => (
                <Anchor key={link.label} component={Link} to={link.to}>
                  {link.label}
                </Anchor>
              ))}
            </Group>
          )}
          {props.children}
        </Stack>
      </Paper>
    </Center>
  );
}
